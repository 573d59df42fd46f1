import { errorCode } from './error-code.js';

/** Boolean ↔ the 0/1 integer stored on both dialects (decision 002). */
export function toFlag(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

export function fromFlag(value: number): boolean {
  return value === 1;
}

/** A JSON list of strings stored as text (roles, image keys); anything unreadable is an empty list rather than a crashed request. */
export function parseTextList(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

/** Roles are stored as JSON text (see parseTextList). */
export const parseRoles = parseTextList;

/** Whether a database error is a unique-constraint violation, on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
