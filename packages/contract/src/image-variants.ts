/*
 * Responsive WebP variants of uploaded images (decision 019): the server makes `/uploads/sized/<width>/<key>.webp`
 * on its first request and keeps it; pages list them in `srcset` so a phone downloads the width it shows.
 */

/** The widths a variant comes in: a phone's column at DPR 1, the same at DPR 2, and a desktop cover. */
export const imageVariantWidths = [400, 800, 1200] as const;

export type ImageVariantWidth = (typeof imageVariantWidths)[number];

export const sizedUploadsFolder = 'sized';

/** Public path of the WebP variant `width` wide of the upload `key` (`folder/name.ext`). */
export function sizedUploadPath(width: ImageVariantWidth, key: string): string {
  return `/uploads/${sizedUploadsFolder}/${width}/${key}.webp`;
}
