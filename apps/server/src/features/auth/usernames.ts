import { randomInt } from 'node:crypto';
import { usernameSchema, type CheckUsernameResponse } from '@papo/contract/auth';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUsernameInUse } from './repo.js';

/**
 * Names nobody may register: the chat's service bots (ChanServ and NickServ answer in channels, so a
 * member called that could impersonate them) and names that read as staff.
 */
const reservedUsernames = new Set([
  'chanserv',
  'nickserv',
  'memoserv',
  'operserv',
  'botserv',
  'hostserv',
  'global',
  'admin',
  'administrator',
  'administrador',
  'moderator',
  'moderador',
  'root',
  'system',
  'sistema',
  'staff',
  'support',
  'suporte',
  'papo',
]);

export function isReservedUsername(username: string): boolean {
  return reservedUsernames.has(username.toLowerCase());
}

/** Whether a name can be registered: valid, not reserved, not in use (case-insensitive). */
export async function checkUsername(db: Kysely<Database>, input: string): Promise<CheckUsernameResponse> {
  const parsed = usernameSchema.safeParse(input);
  if (!parsed.success) return { available: false, reason: parsed.error.issues[0]?.message ?? 'invalid_username' };
  if (isReservedUsername(parsed.data) || (await isUsernameInUse(db, parsed.data)))
    return { available: false, reason: 'username_taken' };
  return { available: true };
}

const baseMax = 24;

/** `João.Silva+news@x.com` → `Joao_Silva`: letters without accents, digits, `_` and `-` only. */
export function usernameBase(email: string, name: string): string {
  const clean = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^[_-]+|[_-]+$/g, '')
      .slice(0, baseMax)
      .replace(/[_-]+$/, '');
  const local = email.split('@')[0]?.split('+')[0] ?? '';
  const base = clean(local) || clean(name);
  return base.length >= 2 ? base : `membro${base}`;
}

/**
 * A free, valid username for an account created by Google sign-in: the base itself, else the base with
 * a random number, tried a few times (the unique index still decides a race).
 */
export async function deriveFreeUsername(db: Kysely<Database>, email: string, name: string): Promise<string> {
  const base = usernameBase(email, name);
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}${randomInt(10 ** (i < 4 ? 3 : 5))}`)];
  for (const candidate of candidates) {
    if ((await checkUsername(db, candidate)).available) return candidate;
  }
  return `membro${randomInt(10 ** 9)}`;
}
