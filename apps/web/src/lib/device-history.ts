/*
 * What the member saw in each channel, kept on this device only (IndexedDB) so a reload shows it again: the last
 * `keptLinesPerChannel` members' lines and as many of the room's own lines (joins, parts, kicks, bans, levels, topics,
 * nicknames) per channel, in the order they were shown, none older than `keptForMs`, under the account's id. The
 * server never has them; logout, the profile's erase control and turning the setting off delete them.
 */

export const keptLinesPerChannel = 200;
export const keptForMs = 7 * 24 * 60 * 60 * 1000;

const databaseName = 'papo-chat-history';
const storeName = 'channels';
// per account, so a second account on this browser never reads the first one's lines.
const offKey = (userId: number) => `papo-chat-history-off:${userId}`;

/**
 * The tones of the 'system' lines that tell what happened in the room, which are kept. Answers to the member's own
 * commands (help, usage, refusals) and connection notices are not: they say nothing the member would look for later.
 */
const keptSystemTones: ReadonlySet<string> = new Set(['join', 'part', 'moderation', 'topic', 'nick', 'level']);

/** What the device needs to know of a chat line to decide whether to keep it. */
export interface KeepableLine {
  id: string;
  timestamp: string;
  /** 'system' for the room's events and the app's notices; anything else is a member's line. */
  kind: string;
  /** A system line's look, which tells a room event from a notice. */
  tone?: string;
  /** Set on the member's own lines not yet accepted: they are not kept. */
  delivery?: unknown;
  late?: true;
}

interface Kept {
  /** `${userId}:${channel}` */
  key: string;
  userId: number;
  lines: KeepableLine[];
}

let opening: Promise<IDBDatabase> | null = null;
/**
 * When this tab last erased each account's lines: lines said before stay in the open tabs' memory, and the next save
 * must not write them back.
 */
const erasedAt = new Map<number, number>();

function available(): boolean {
  return typeof indexedDB !== 'undefined';
}

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(storeName, { keyPath: 'key' });
      store.createIndex('userId', 'userId');
    };
    request.onsuccess = () => {
      const db = request.result;
      // another tab erasing the history (logout) must not wait on this one's connection.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('indexeddb'));
    };
  });
  return opening;
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('indexeddb'));
    transaction.onabort = () => reject(transaction.error ?? new Error('indexeddb'));
  });
}

/** Whether this device keeps the account's lines (on unless the member turned it off here). */
export function historyKept(userId: number): boolean {
  try {
    return localStorage.getItem(offKey(userId)) === null;
  } catch {
    return false;
  }
}

/**
 * The lines worth keeping, in their order: members' lines the room sent (not own lines still on their way) and the
 * room's events, the newest `keptLinesPerChannel` of each, so a join storm never pushes out what was said.
 */
export function linesToKeep<T extends KeepableLine>(lines: readonly T[], now = Date.now()): T[] {
  const counted = { spoken: 0, system: 0 };
  const kept: T[] = [];
  for (let at = lines.length - 1; at >= 0; at--) {
    const line = lines[at];
    if (!line || now - Date.parse(line.timestamp) > keptForMs) continue;
    const sort = line.kind === 'system' ? 'system' : 'spoken';
    if (sort === 'system' ? !keptSystemTones.has(line.tone ?? '') : line.delivery !== undefined) continue;
    if (counted[sort] === keptLinesPerChannel) continue;
    counted[sort]++;
    // a line replayed late is, once kept, just a line the member saw.
    kept.push(line.late ? { ...line, late: undefined } : line);
  }
  return kept.reverse();
}

/**
 * The account's kept lines of a channel, oldest first (none when the setting is off or nothing is kept); `isLine`
 * checks each stored value, so what another version of the app wrote is skipped rather than shown wrong.
 */
export async function loadHistory<T extends KeepableLine>(
  userId: number,
  channel: string,
  isLine: (value: unknown) => value is T,
): Promise<T[]> {
  if (!available() || !historyKept(userId)) return [];
  const db = await open();
  const request = db.transaction(storeName).objectStore(storeName).get(`${userId}:${channel}`);
  const kept = await new Promise<unknown>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexeddb'));
  });
  const lines: unknown = typeof kept === 'object' && kept !== null && 'lines' in kept ? kept.lines : [];
  return Array.isArray(lines) ? linesToKeep(lines.filter(isLine)) : [];
}

/** Keeps the channel's last lines for the account, replacing what was kept. */
export async function saveHistory(userId: number, channel: string, lines: readonly KeepableLine[]): Promise<void> {
  if (!available() || !historyKept(userId)) return;
  const since = erasedAt.get(userId) ?? 0;
  const kept = linesToKeep(lines).filter((line) => Date.parse(line.timestamp) > since);
  if (kept.length === 0) return;
  const db = await open();
  const transaction = db.transaction(storeName, 'readwrite');
  transaction.objectStore(storeName).put({ key: `${userId}:${channel}`, userId, lines: kept } satisfies Kept);
  await done(transaction);
}

/** Deletes every line this device keeps for the account. */
export async function eraseHistory(userId: number): Promise<void> {
  erasedAt.set(userId, Date.now());
  if (!available()) return;
  const db = await open();
  const transaction = db.transaction(storeName, 'readwrite');
  const keys = transaction.objectStore(storeName).index('userId').getAllKeys(userId);
  keys.onsuccess = () => {
    for (const key of keys.result) transaction.objectStore(storeName).delete(key);
  };
  await done(transaction);
}

/** Deletes every account's lines on this device (logout). */
export function eraseAllHistory(): Promise<void> {
  if (!available()) return Promise.resolve();
  const closing = opening;
  opening = null;
  return (closing ?? Promise.resolve(null))
    .then(
      (db) => db?.close(),
      () => undefined,
    )
    .then(
      () =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.deleteDatabase(databaseName);
          request.onsuccess = () => resolve();
          request.onerror = () => reject(request.error ?? new Error('indexeddb'));
        }),
    );
}

/** Turns keeping on or off for the account on this device; off also deletes what was kept. */
export async function setHistoryKept(userId: number, keep: boolean): Promise<void> {
  if (keep) {
    localStorage.removeItem(offKey(userId));
    return;
  }
  localStorage.setItem(offKey(userId), '1');
  await eraseHistory(userId);
}
