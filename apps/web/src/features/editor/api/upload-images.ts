import type { RefusedFile, UploadedFile, UploadImagesAnswer } from '@papo/contract/editor';
import { ApiError, apiFetch } from '../../../lib/api';
import { readSession } from '../../../lib/session';

/** What became of one file of a batch. */
export type UploadOutcome = { file: File; kept: UploadedFile } | { file: File; refused: string };

function sendOne(file: File, token: string | null, onProgress: (fraction: number) => void): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/uploadImage');
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // NOTE: fetch reports no upload progress; XMLHttpRequest does (STACK-NOTES).
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
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => resolve({ status: 0, body: undefined });
    const form = new FormData();
    form.append('files[]', file);
    xhr.send(form);
  });
}

/**
 * Uploads one image to the library with progress. Files go one request each, so each has its own
 * progress and outcome; a refused file never costs the others. An expired token is renewed once
 * through the API client (a cheap staff read) and the file sent again.
 */
export async function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  let answer = await sendOne(file, readSession()?.token ?? null, onProgress);
  if (answer.status === 401) {
    await apiFetch('/api/uploads', { query: { page: 1 } }).catch(() => undefined);
    answer = await sendOne(file, readSession()?.token ?? null, onProgress);
  }
  const body = (answer.body ?? {}) as Partial<UploadImagesAnswer> & { message?: string };
  const kept = body.files?.[0];
  if (answer.status >= 200 && answer.status < 300 && kept) return { file, kept };
  const refused: RefusedFile | undefined = body.refused?.[0];
  if (answer.status === 0) throw new ApiError(0, 'network_error');
  return { file, refused: refused?.message ?? body.message ?? 'request_failed' };
}
