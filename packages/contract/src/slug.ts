/**
 * The one slug rule (public-site §5, album slug): lowercase, accents stripped to base letters, trailing
 * spaces removed, spaces become hyphens, colons removed, repeated hyphens collapsed. Beyond the spec,
 * any other character that is not a letter, digit or hyphen is dropped, so a slug is always safe in a
 * URL path, and hyphens at either end are trimmed.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .trim()
    .replace(/:/g, '')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What a slug looks like once derived or edited: lowercase ASCII words joined by single hyphens. */
export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
