import type { UploadStorage } from './storage.js';

export interface CopyProgress {
  done: number;
  total: number;
  copied: number;
  skipped: number;
}

/**
 * Copies every object of `from` into `to` (decision 025: a one-node site's folder into the bucket several nodes
 * share). Idempotent: an object already there with the same size is skipped, so a copy cut short is run again.
 * `onProgress` hears after each object.
 */
export async function copyUploads(
  from: UploadStorage,
  to: UploadStorage,
  onProgress: (progress: CopyProgress) => void,
): Promise<CopyProgress> {
  const keys: string[] = [];
  for await (const object of from.list('')) if (!object.key.startsWith('checks/')) keys.push(object.key);
  keys.sort();
  const progress: CopyProgress = { done: 0, total: keys.length, copied: 0, skipped: 0 };
  for (const key of keys) {
    const [source, there] = await Promise.all([from.head(key), to.head(key)]);
    if (!source || there?.size === source.size) progress.skipped += 1;
    else {
      const object = await from.get(key);
      if (object) {
        await to.put(key, object.body, object.contentType);
        progress.copied += 1;
      } else progress.skipped += 1;
    }
    progress.done += 1;
    onProgress({ ...progress });
  }
  return progress;
}
