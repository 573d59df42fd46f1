/** The library takes JPEG and PNG only (public-site §5): others are refused before sending. */
export function isLibraryImage(file: File): boolean {
  return file.type === 'image/jpeg' || file.type === 'image/png';
}
