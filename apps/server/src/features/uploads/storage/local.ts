import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  contentTypeOf,
  uploadsUnavailable,
  type ByteRange,
  type ListedObject,
  type ObjectInfo,
  type ObjectRead,
  type UploadStorage,
} from './storage.js';
import { errorCode } from '../../../db/error-code.js';

const partSuffix = '.part';

function missing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}

/** Any other failure of the disk (full, read-only, permissions) is the storage being unavailable. */
function failure(error: unknown): never {
  throw uploadsUnavailable(error);
}

/**
 * Uploads in a folder: DATA_DIR/uploads by default, or a volume several nodes share. A write goes to a temporary
 * name and is renamed into place, so a reader on any node never sees half a file.
 */
export function folderStorage(root: string): UploadStorage {
  const fileOf = (key: string) => {
    const file = path.join(root, key);
    // keys are checked by their callers; this keeps any other string inside the folder all the same.
    if (!file.startsWith(root + path.sep)) throw new Error(`not an upload key: ${key}`);
    return file;
  };
  const info = (key: string, size: number, mtime: Date): ObjectInfo => ({
    size,
    contentType: contentTypeOf(key),
    etag: `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`,
    lastModified: mtime,
  });

  async function head(key: string): Promise<ObjectInfo | null> {
    try {
      const stats = await stat(fileOf(key));
      return stats.isFile() ? info(key, stats.size, stats.mtime) : null;
    } catch (error) {
      if (missing(error)) return null;
      return failure(error);
    }
  }

  async function* walk(dir: string): AsyncGenerator<string> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (missing(error)) return;
      failure(error);
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) yield* walk(full);
      else if (entry.isFile() && !entry.name.endsWith(partSuffix) && !entry.name.startsWith('.')) yield full;
    }
  }

  return {
    location: root,
    async put(key, data) {
      const file = fileOf(key);
      const partial = `${file}.${randomBytes(6).toString('hex')}${partSuffix}`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(partial, data, { flag: 'wx' });
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => undefined);
        failure(error);
      }
    },
    async get(key, range?: ByteRange): Promise<ObjectRead | null> {
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (missing(error)) return null;
        return failure(error);
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) return null;
        const start = range?.start ?? 0;
        const end = Math.min(range?.end ?? stats.size - 1, stats.size - 1);
        const body = Buffer.alloc(Math.max(0, end - start + 1));
        let read = 0;
        while (read < body.length) {
          const { bytesRead } = await handle.read(body, read, body.length - read, start + read);
          if (bytesRead === 0) break;
          read += bytesRead;
        }
        return { ...info(key, stats.size, stats.mtime), body: body.subarray(0, read) };
      } catch (error) {
        if (missing(error)) return null;
        return failure(error);
      } finally {
        await handle.close();
      }
    },
    head,
    async delete(key) {
      await rm(fileOf(key), { force: true }).catch(failure);
    },
    async *list(prefix): AsyncGenerator<ListedObject> {
      // walks only the folders the prefix names, then filters the rest of it on the names.
      const slash = prefix.lastIndexOf('/');
      const dir = slash < 0 ? root : path.join(root, prefix.slice(0, slash));
      for await (const file of walk(dir)) {
        const key = path.relative(root, file).split(path.sep).join('/');
        if (!key.startsWith(prefix)) continue;
        const stats = await stat(file).catch(() => null);
        if (stats) yield { key, size: stats.size, lastModified: stats.mtime };
      }
    },
    async close() {},
  };
}
