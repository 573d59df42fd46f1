import type { AccountSession } from '@papo/contract/account';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isoAt } from './secrets.js';

/** Browsers by the token their User-Agent names them with, most specific first (Edge and Opera say Chrome too). */
const browsers: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** `Chrome · Linux` from a User-Agent; null when it names neither (or there is none). */
export function describeBrowser(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  const parts = [browser, system].filter((part): part is string => part !== undefined);
  return parts.length ? parts.join(' · ') : null;
}

/** The member's live sign-ins (browsers and IRC links), the most recently used first. */
export async function listSessions(
  db: Kysely<Database>,
  userId: number,
  currentSessionId: string | undefined,
): Promise<AccountSession[]> {
  const rows = await db
    .selectFrom('refresh_token_families')
    .select(['id', 'kind', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', isoAt(Date.now()))
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      kind: row.kind === 'irc' ? ('irc' as const) : ('web' as const),
      current: row.id === currentSessionId,
      browser: describeBrowser(row.user_agent),
      firstSeen: row.created_at,
      lastSeen: row.last_seen_at ?? row.created_at,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeen.localeCompare(a.lastSeen));
}

/** Whether `sessionId` is a live sign-in of the member. */
export async function isLiveSession(db: Kysely<Database>, userId: number, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_token_families')
    .select('id')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
