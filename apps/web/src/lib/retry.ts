import { statusOf } from './api';

/** For queries: 4xx answers (a missing slug, a refused call) stay what they are; a server or network failure is retried twice. */
export function retryServerErrors(failures: number, error: unknown): boolean {
  const status = statusOf(error) ?? 0;
  return !(status >= 400 && status < 500) && failures < 2;
}
