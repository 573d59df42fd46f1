/** Public path of an upload key. */
export function uploadSrc(key: string): string {
  return `/uploads/${key}`;
}

/** The library takes JPEG and PNG only (public-site §5): others are refused before sending. */
export function isLibraryImage(file: File): boolean {
  return file.type === 'image/jpeg' || file.type === 'image/png';
}
