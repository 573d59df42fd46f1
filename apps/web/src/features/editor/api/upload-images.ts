import { uploadRoutes } from '@papo/contract/browser-routes/editor';
import type { RefusedFile, UploadedFile, UploadImagesAnswer } from '@papo/contract/editor';
import { ApiError, api } from '../../../lib/api';
import { readSession } from '../../../lib/session';

/** What became of one file of a batch. */
export type UploadOutcome = { file: File; kept: UploadedFile } | { file: File; refused: string };

interface SentAnswer {
  status: number;
  body: unknown;
  /** The `Retry-After` header of a 429. */
  retryAfter: string | null;
}

function sendOne(file: File, token: string | null, onProgress: (fraction: number) => void): Promise<SentAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploadImage');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // fetch reports no upload progress; XMLHttpRequest does (STACK-NOTES).
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body, retryAfter: xhr.getResponseHeader('Retry-After') });
    };
    xhr.onerror = () => resolve({ status: 0, body: undefined, retryAfter: null });
    const form = new FormData();
    form.append('files[]', file);
    xhr.send(form);
  });
}

/** Waits after a 429 before sending again: the server's `Retry-After` when it gives none (it always does) is a minute. */
const defaultWaitSeconds = 60;
/** Waits for the limit in a row before the file is given up as refused (`too_many_requests`). */
const maxWaits = 10;

/** The seconds a 429's `Retry-After` asks for: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number {
  const value = header?.trim() ?? '';
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? defaultWaitSeconds : Math.max(0, Math.ceil((date - now) / 1000));
}

/**
 * Uploads one image to the library with progress. Files go one request each, so each has its own
 * progress and outcome; a refused file never costs the others. An expired token is renewed once
 * through the API client (a cheap staff read) and the file sent again. A 429 (the upload limits: 100 a
 * member in 10 minutes) is waited out: `onWait` hears the seconds of its `Retry-After`, and the file is sent
 * again after them, so a batch of more than 100 files goes on by itself.
 */
export async function uploadImage(
  file: File,
  onProgress: (fraction: number) => void,
  onWait: (seconds: number) => void = () => undefined,
): Promise<UploadOutcome> {
  let answer = await sendOne(file, readSession()?.token ?? null, onProgress);
  if (answer.status === 401) {
    await api(uploadRoutes.list, { query: { page: 1 } }).catch(() => undefined);
    answer = await sendOne(file, readSession()?.token ?? null, onProgress);
  }
  for (let waits = 0; answer.status === 429 && waits < maxWaits; waits += 1) {
    const seconds = retryAfterSeconds(answer.retryAfter);
    onWait(seconds);
    await new Promise((resume) => setTimeout(resume, seconds * 1000));
    answer = await sendOne(file, readSession()?.token ?? null, onProgress);
  }
  const body = (answer.body ?? {}) as Partial<UploadImagesAnswer> & { message?: string };
  const kept = body.files?.[0];
  if (answer.status >= 200 && answer.status < 300 && kept) return { file, kept };
  const refused: RefusedFile | undefined = body.refused?.[0];
  if (answer.status === 0) throw new ApiError(0, 'network_error');
  return { file, refused: refused?.message ?? body.message ?? 'request_failed' };
}
