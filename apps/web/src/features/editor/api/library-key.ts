/** A library image's key (`library/{name}`) as the parameters of its paths (`/api/uploads/{folder}/{file}`). */
export function uploadPathOf(key: string): { folder: string; file: string } {
  const slash = key.indexOf('/');
  return slash < 0 ? { folder: '', file: key } : { folder: key.slice(0, slash), file: key.slice(slash + 1) };
}
