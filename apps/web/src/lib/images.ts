import { imageVariantWidths, sizedUploadPath } from '@papo/contract/image-variants';

/** The public address of an upload key (`folder/name.ext`). */
export function uploadSrc(key: string): string {
  return `/uploads/${key}`;
}

/** `srcset` of an upload: its WebP variants, made by the server on first request (decision 019). */
export function uploadSrcSet(key: string): string {
  return imageVariantWidths.map((width) => `${sizedUploadPath(width, key)} ${width}w`).join(', ');
}
