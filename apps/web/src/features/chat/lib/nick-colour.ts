/**
 * Nickname colours: each passes WCAG AA (4.5:1) on white and on the mention highlight (a test checks
 * both), so colour never costs legibility. The same nickname always gets the same colour.
 */
export const nickPalette = [
  '#b91c1c', // red-700
  '#c2410c', // orange-700
  '#a16207', // yellow-700
  '#4d7c0f', // lime-700
  '#15803d', // green-700
  '#047857', // emerald-700
  '#0f766e', // teal-700
  '#0e7490', // cyan-700
  '#0369a1', // sky-700
  '#1d4ed8', // blue-700
  '#4338ca', // indigo-700
  '#6d28d9', // violet-700
  '#7e22ce', // purple-700
  '#a21caf', // fuchsia-700
  '#be185d', // pink-700
  '#be123c', // rose-700
] as const;

/** Background of a line that mentions the reader (Tailwind amber-50). */
export const mentionBackground = '#fffbeb';

/** FNV-1a over the lower-cased nickname: cheap, stable across sessions and spreads short names well. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (const char of text.toLowerCase()) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** The colour of a nickname. */
export function nickColour(nickname: string): string {
  return nickPalette[hash(nickname) % nickPalette.length] ?? nickPalette[0];
}
