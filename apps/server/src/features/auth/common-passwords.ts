import { dictionary } from '@zxcvbn-ts/language-common';

// zxcvbn's list is ranked by frequency, so its head is "the most common passwords".
const mostCommon = new Set(dictionary['passwords-common'].slice(0, 1000).map((p) => p.toLowerCase()));

/** True for one of the 1,000 most common passwords (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return mostCommon.has(password.toLowerCase());
}
