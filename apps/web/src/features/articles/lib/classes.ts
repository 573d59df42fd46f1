/** The focus ring of links that are whole cards or tiles (buttons take theirs from components/ui/button). */
export const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2';
