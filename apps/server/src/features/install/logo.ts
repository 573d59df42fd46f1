/**
 * Papo's logo, drawn here once for every icon the site serves (decision 026): a white speech bubble on the brand's
 * green. `any` icons have rounded corners; `maskable` ones fill the square, the bubble inside the safe zone (the
 * centre circle of 80 %) that every launcher's mask keeps.
 */
export const brandGreen = '#047857';
/** The page background (Tailwind's slate-50), the splash screen's colour while the app starts. */
export const pageBackground = '#f8fafc';

const bubble = 'M9 10h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-7l-5 4v-4H9a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2z';

export type IconPurpose = 'any' | 'maskable';

export function logoSvg(purpose: IconPurpose = 'any'): string {
  const background =
    purpose === 'maskable'
      ? `<rect width="32" height="32" fill="${brandGreen}"/>`
      : `<rect width="32" height="32" rx="8" fill="${brandGreen}"/>`;
  // the bubble spans 7–25 × 10–25; scaled by 0.8 about the centre, its farthest corner lies within the safe zone.
  const shape =
    purpose === 'maskable'
      ? `<path d="${bubble}" fill="#fff" transform="translate(16 16) scale(0.8) translate(-16 -17.5)"/>`
      : `<path d="${bubble}" fill="#fff"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${background}${shape}</svg>`;
}
