import type { ZodError } from 'zod';

/** The one shape of every 4xx answer: a message key the client translates, and per-field keys. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** Turns zod issues into `{ field: [key, …] }`; the key is the issue's message when it is a key, else its code. */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_';
    const key = /^[a-z][a-z0-9_]*$/.test(issue.message) ? issue.message : issue.code;
    (out[field] ??= []).push(key);
  }
  return out;
}
