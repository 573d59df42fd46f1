import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../../lib/http-error.js';
import { storeImage } from '../images.js';
import { startBrokenBucket, startS3Server, type BrokenBucket } from '../../../test/s3.js';
import { folderStorage } from './local.js';
import { s3Storage } from './s3.js';
import { uploadsUnavailable, type UploadStorage } from './storage.js';

const bytes = Buffer.from(Array.from({ length: 3000 }, (_, n) => (n * 7) % 256));
const key = 'library/0123456789abcdef0123456789abcdef.png';

async function listed(storage: UploadStorage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
}

const backends: [string, () => Promise<{ storage: UploadStorage; close(): Promise<void> }>][] = [
  [
    'a local folder',
    async () => {
      const root = await mkdtemp(path.join(tmpdir(), 'papo-folder-'));
      const storage = folderStorage(root);
      return { storage, close: () => rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    'an S3-compatible bucket (s3rver)',
    async () => {
      const server = await startS3Server();
      const storage = s3Storage({
        bucket: server.bucket,
        prefix: 'site/',
        endpoint: server.endpoint,
        forcePathStyle: true,
        timeoutMs: 5000,
      });
      return {
        storage,
        async close() {
          await storage.close();
          await server.close();
        },
      };
    },
  ],
];

describe.each(backends)('uploads storage in %s', (_name, open) => {
  let storage: UploadStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it('puts an object and reads back the same bytes, its type, size and a stable ETag', async () => {
    await storage.put(key, bytes, 'image/png');
    const read = await storage.get(key);
    expect(read?.body.equals(bytes)).toBe(true);
    expect(read).toMatchObject({ size: 3000, contentType: 'image/png' });
    const info = await storage.head(key);
    expect(info).toMatchObject({ size: 3000, contentType: 'image/png', etag: read!.etag });
    expect(info!.etag).toMatch(/^".+"$/);
  });

  it('reads a byte range', async () => {
    const part = await storage.get(key, { start: 100, end: 199 });
    expect(part?.body.equals(bytes.subarray(100, 200))).toBe(true);
    expect(part?.size).toBe(3000);
    const tail = await storage.get(key, { start: 2990, end: 2999 });
    expect(tail?.body.equals(bytes.subarray(2990))).toBe(true);
  });

  it('answers null for a missing object, and deleting one is no error', async () => {
    const other = 'library/ffffffffffffffffffffffffffffffff.png';
    expect(await storage.get(other)).toBeNull();
    expect(await storage.get(other, { start: 0, end: 9 })).toBeNull();
    expect(await storage.head(other)).toBeNull();
    await storage.delete(other);
  });

  it('lists by prefix and deletes', async () => {
    const thumb = 'thumbs/0123456789abcdef0123456789abcdef.webp';
    await storage.put(thumb, bytes.subarray(0, 10), 'image/webp');
    await storage.put(
      'sized/400/library/0123456789abcdef0123456789abcdef.png.webp',
      bytes.subarray(0, 10),
      'image/webp',
    );
    expect(await listed(storage, '')).toEqual([
      'library/0123456789abcdef0123456789abcdef.png',
      'sized/400/library/0123456789abcdef0123456789abcdef.png.webp',
      thumb,
    ]);
    expect(await listed(storage, 'thumbs/')).toEqual([thumb]);
    expect(await listed(storage, 'sized/')).toHaveLength(1);
    await storage.delete(thumb);
    expect(await storage.head(thumb)).toBeNull();
    expect(await listed(storage, 'thumbs/')).toEqual([]);
  });

  it('keeps many objects apart and lists past one page', async () => {
    const keys = Array.from({ length: 30 }, (_, n) => `profile/${n.toString(16).padStart(32, 'a')}.jpg`);
    await Promise.all(keys.map((k, n) => storage.put(k, Buffer.from([n]), 'image/jpeg')));
    expect(await listed(storage, 'profile/')).toEqual([...keys].sort());
    expect((await storage.get(keys[7]!))?.body).toEqual(Buffer.from([7]));
  });
});

describe('a folder storage writes whole files', () => {
  it('leaves no partial file beside the stored one', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'papo-folder-'));
    const storage = folderStorage(root);
    await storage.put(key, bytes, 'image/png');
    expect(await readdir(path.join(root, 'library'))).toEqual([path.basename(key)]);
    await rm(root, { recursive: true, force: true });
  });
});

describe.each(['failing', 'slow'] as const)('a %s bucket', (kind) => {
  let bucket: BrokenBucket;
  let storage: UploadStorage;
  beforeAll(async () => {
    bucket = await startBrokenBucket(kind);
    storage = s3Storage({
      bucket: 'papo-broken',
      prefix: 'uploads/',
      endpoint: bucket.endpoint,
      forcePathStyle: true,
      timeoutMs: 300,
    });
  });
  afterAll(async () => {
    await storage.close();
    await bucket.close();
  });

  it.each([
    ['put', () => storage.put(key, bytes, 'image/png')],
    ['get', () => storage.get(key)],
    ['head', () => storage.head(key)],
    ['delete', () => storage.delete(key)],
    ['list', () => listed(storage, '')],
  ] as const)('makes %s throw 503 uploads_unavailable', async (_op, run) => {
    const before = bucket.asked;
    const error = await run().then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ statusCode: 503, key: 'uploads_unavailable' });
    expect(bucket.asked).toBeGreaterThan(before);
  });
});

describe('storing an image whose variant cannot be written', () => {
  it('takes the original back and answers 503 uploads_unavailable', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'papo-folder-'));
    const folder = folderStorage(root);
    // A storage that takes the original and then goes away before the list variant.
    const flaky: UploadStorage = {
      ...folder,
      put: (key, data, type) =>
        key.startsWith('thumbs/') ? Promise.reject(uploadsUnavailable(new Error('gone'))) : folder.put(key, data, type),
    };
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123' } })
      .png()
      .toBuffer();
    const error = await storeImage(flaky, 'library', png, {
      formats: ['png'],
      maxBytes: 1_000_000,
      maxPixels: 1_000_000,
      variantWidth: 10,
    }).then(
      () => null,
      (thrown: unknown) => thrown,
    );
    expect(error).toMatchObject({ statusCode: 503, key: 'uploads_unavailable' });
    expect(await listed(folder, '')).toEqual([]);
    await rm(root, { recursive: true, force: true });
  });
});
