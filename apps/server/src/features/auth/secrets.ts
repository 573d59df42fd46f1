import { createHash, randomBytes, randomInt } from 'node:crypto';
import { verificationCodeAlphabet, verificationCodeLength } from '@papo/contract/auth';

/** A bearer secret (refresh or reset token): 32 random bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of a secret, so a leaked table cannot be replayed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A verification code from the unambiguous alphabet, drawn without modulo bias. */
export function randomCode(): string {
  let code = '';
  for (let i = 0; i < verificationCodeLength; i++)
    code += verificationCodeAlphabet[randomInt(verificationCodeAlphabet.length)];
  return code;
}

/** ISO-8601 UTC text, the timestamp format of every table (decision 002). */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

export const minutes = (n: number) => n * 60_000;
export const days = (n: number) => n * 86_400_000;
