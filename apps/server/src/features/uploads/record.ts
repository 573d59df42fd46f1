import type { FastifyBaseLogger } from 'fastify';
import { HttpError, httpError } from '../../lib/http-error.js';
import { removeUnused, removeUpload } from './objects.js';
import type { UploadStorage } from './storage/storage.js';

/** A refused image (400/413) names the form's field; a storage that is down stays a 503. */
async function underField<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500 && !error.errors)
      throw httpError(error.statusCode, error.key, { [field]: [error.key] });
    throw error;
  }
}

/** What a record pointed at before, now that it points at the new image. */
export interface Committed<T> {
  result: T;
  /** Upload keys nothing refers to any more (the replaced picture, a slot's old image), removed with their variants. */
  unused: (string | null | undefined)[];
}

/**
 * The one lifecycle of a route that puts an image on a record (decision 025). The route has read the body
 * (`receiveOneFile`) and checked its fields and the record first, so a refused request stores nothing. Then `store`
 * writes the image (a refusal is 400/413 under `field`), `commit` points the record at it and says which keys nothing
 * refers to any more; when `commit` throws, the new image is taken back (`takeBack`, by default its files). Unused
 * keys are removed with their variants; a removal that fails is only logged (the sweep removes it later).
 */
export async function putImageOnRecord<S extends { key: string }, T>(opts: {
  storage: UploadStorage;
  field: string;
  log: FastifyBaseLogger;
  store: () => Promise<S>;
  commit: (stored: S) => Promise<Committed<T>>;
  takeBack?: (stored: S) => Promise<void>;
}): Promise<T> {
  const stored = await underField(opts.field, opts.store);
  let committed: Committed<T>;
  try {
    committed = await opts.commit(stored);
  } catch (error) {
    await (opts.takeBack ?? ((image: S) => removeUpload(opts.storage, image.key)))(stored).catch((failure: unknown) =>
      opts.log.warn({ err: failure, key: stored.key }, 'upload not taken back (the sweep removes it)'),
    );
    throw error;
  }
  await removeUnused(opts.storage, committed.unused, opts.log);
  return committed.result;
}
