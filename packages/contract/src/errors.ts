import type { ZodError } from 'zod';

/** The one shape of every 4xx answer: a message key the client translates, and per-field keys. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** The key a zod issue answers: its message when it is a key, else its code. */
export function issueKey(issue: ZodError['issues'][number]): string {
  return /^[a-z][a-z0-9_]*$/.test(issue.message) ? issue.message : issue.code;
}

/** Turns zod issues into `{ field: [key, …] }` (see `issueKey`). */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    (out[field] ??= []).push(issueKey(issue));
  }
  return out;
}
