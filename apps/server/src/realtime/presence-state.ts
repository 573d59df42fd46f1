import { staffLevel } from '@papo/contract/chat';

/** A user as presence keeps them: the name they chat under, and the level shown when they joined. */
export interface PresentUser {
  id: number;
  nickname: string;
  /** Staff rank above every founder whatever the channel's stored levels say. */
  staff: boolean;
  /** The level announced with the join (stored level or staff level at that moment). */
  level: number;
}

/** Stored channel levels by user id (absent: 0); staff are shown at the staff level whatever it says. */
export type ListLevels = ReadonlyMap<number, number>;

/** A room's `users` list as JSON (its entries, without the brackets), for the levels it was built with. */
interface ListCache {
  levelsKey: string;
  levels: ListLevels;
  json: string;
  /**
   * The entries of users who appeared since `json` was last read, joined to it then. Appended one by one,
   * `json` was a rope of one string and one link per user that V8 never flattened, twice the flat list's memory.
   */
  appended: string[];
}

/** Who shows under a name: one user (the usual case, held without a map of its own), or several. */
type NameHolders = { userId: number; entries: number } | Map<number, number>;

/** A user's presence in one room changed as seen from the whole cluster. */
export type PresenceChange = 'appeared' | 'disappeared' | null;

/**
 * one entry per user per room, and members keep several channels open: the sockets are one id in the
 * usual case (a set only for a second tab in the room), the nodes absent until another node holds the user,
 * so an entry costs no empty sets.
 */
interface Entry {
  user: PresentUser;
  /** This node's sockets of the user in the room: one id, a set of several, `held`, or none. */
  local: string | Set<string> | undefined;
  /** Other nodes that hold at least one socket of the user in the room; undefined for none. */
  remote: Set<string> | undefined;
}

/**
 * The socket id an entry keeps while its user's last socket here dropped without leaving and may come back
 * (a reload, a reconnect): the node still holds the user, so lists, NAMES and the other nodes keep them.
 * a marker in `local` rather than a field, so entries that are never held cost nothing more.
 */
const held = '';

const localCount = (entry: Entry) =>
  entry.local === undefined ? 0 : typeof entry.local === 'string' ? 1 : entry.local.size;
const remoteHas = (entry: Entry, node: string) => entry.remote?.has(node) ?? false;
const isEmpty = (entry: Entry) => localCount(entry) === 0 && !entry.remote?.size;

function addLocal(entry: Entry, socketId: string): void {
  if (entry.local === undefined || entry.local === held) entry.local = socketId;
  else if (typeof entry.local === 'string') {
    if (entry.local !== socketId) entry.local = new Set([entry.local, socketId]);
  } else entry.local.add(socketId);
}

/** Whether the socket was one of the entry's. */
function deleteLocal(entry: Entry, socketId: string): boolean {
  if (entry.local === socketId) {
    entry.local = undefined;
    return true;
  }
  if (typeof entry.local !== 'object' || !entry.local.delete(socketId)) return false;
  if (entry.local.size === 0) entry.local = undefined;
  return true;
}

/**
 * Who is in which room, kept incrementally (decision 014): this node's own sockets by id, and the
 * other nodes' users as they reported them. Every update is O(1); listing a room is O(its users).
 */
export class PresenceState {
  private readonly rooms = new Map<string, Map<number, Entry>>();
  /**
   * Each room's `users` list encoded, kept as users appear: a join appends its entry, anything else (a part,
   * a rename, a level list that differs) drops it and the next join encodes the room again. Encoding
   * the whole list for every joiner (and Socket.IO's scan of it for binaries) was the join's one cost that
   * grew with the room; in a storm users only appear.
   */
  private readonly lists = new Map<string, ListCache>();
  /** Lower-cased nickname → user id → how many room entries show the user under it (mentions look names up here). */
  private readonly names = new Map<string, NameHolders>();

  private countName(user: PresentUser, delta: 1 | -1): void {
    const name = user.nickname.toLowerCase();
    const held = this.names.get(name);
    if (held === undefined) {
      if (delta > 0) this.names.set(name, { userId: user.id, entries: 1 });
      return;
    }
    if (!(held instanceof Map)) {
      if (held.userId === user.id) {
        held.entries += delta;
        if (held.entries === 0) this.names.delete(name);
      } else if (delta > 0)
        this.names.set(
          name,
          new Map([
            [held.userId, held.entries],
            [user.id, 1],
          ]),
        );
      return;
    }
    const count = (held.get(user.id) ?? 0) + delta;
    if (count > 0) held.set(user.id, count);
    else held.delete(user.id);
    if (held.size === 0) this.names.delete(name);
  }

  /** Every change of an entry's user goes through here, so the name index and the encoded list stay right. */
  private setUser(room: string, entry: Entry, user: PresentUser): void {
    const old = entry.user;
    if (old.nickname !== user.nickname || old.staff !== user.staff) this.lists.delete(room);
    this.countName(entry.user, -1);
    entry.user = user;
    this.countName(user, 1);
  }

  private entry(room: string, user: PresentUser): { entry: Entry; created: boolean } {
    let users = this.rooms.get(room);
    if (!users) {
      users = new Map();
      this.rooms.set(room, users);
    }
    const existing = users.get(user.id);
    if (existing) return { entry: existing, created: false };
    const entry: Entry = { user, local: undefined, remote: undefined };
    users.set(user.id, entry);
    this.countName(user, 1);
    const list = this.lists.get(room);
    if (list) list.appended.push(listEntry(user, list.levels));
    return { entry, created: true };
  }

  private dropIfEmpty(room: string, userId: number, entry: Entry): PresenceChange {
    if (!isEmpty(entry)) return null;
    this.lists.delete(room);
    const users = this.rooms.get(room);
    users?.delete(userId);
    if (users?.size === 0) this.rooms.delete(room);
    this.countName(entry.user, -1);
    return 'disappeared';
  }

  /** One of this node's sockets entered the room; `firstLocal` says this node now holds the user there. */
  addSocket(room: string, socketId: string, user: PresentUser): { change: PresenceChange; firstLocal: boolean } {
    const { entry, created } = this.entry(room, user);
    const firstLocal = localCount(entry) === 0;
    addLocal(entry, socketId);
    if (firstLocal) this.setUser(room, entry, user);
    return { change: created ? 'appeared' : null, firstLocal };
  }

  /**
   * One of this node's sockets left the room; `lastLocal` says this node no longer holds the user there. With
   * `hold`, the user's last socket here keeps its place (`held` says so) until `release` or another socket comes.
   */
  removeSocket(
    room: string,
    socketId: string,
    userId: number,
    hold = false,
  ): { change: PresenceChange; lastLocal: boolean; held: boolean } {
    const entry = this.rooms.get(room)?.get(userId);
    if (!entry || !deleteLocal(entry, socketId)) return { change: null, lastLocal: false, held: false };
    if (hold && entry.local === undefined) {
      entry.local = held;
      return { change: null, lastLocal: false, held: true };
    }
    return { change: this.dropIfEmpty(room, userId, entry), lastLocal: localCount(entry) === 0, held: false };
  }

  /** Lets go of a held place (no socket came back): like the last socket's leave, or nothing if one came back. */
  release(room: string, userId: number): { change: PresenceChange; lastLocal: boolean } {
    const entry = this.rooms.get(room)?.get(userId);
    if (entry?.local !== held) return { change: null, lastLocal: false };
    entry.local = undefined;
    return { change: this.dropIfEmpty(room, userId, entry), lastLocal: true };
  }

  addRemote(room: string, node: string, user: PresentUser): PresenceChange {
    const { entry, created } = this.entry(room, user);
    entry.remote ??= new Set();
    entry.remote.add(node);
    if (localCount(entry) === 0) this.setUser(room, entry, user);
    return created ? 'appeared' : null;
  }

  removeRemote(room: string, node: string, userId: number): PresenceChange {
    const entry = this.rooms.get(room)?.get(userId);
    if (!entry?.remote?.delete(node)) return null;
    if (entry.remote.size === 0) entry.remote = undefined;
    return this.dropIfEmpty(room, userId, entry);
  }

  /** Forgets everything a node reported; answers who disappeared because of it. */
  dropNode(node: string): { room: string; user: PresentUser }[] {
    const gone: { room: string; user: PresentUser }[] = [];
    for (const [room, users] of [...this.rooms]) {
      for (const [userId, entry] of [...users]) {
        if (remoteHas(entry, node) && this.removeRemote(room, node, userId) === 'disappeared')
          gone.push({ room, user: entry.user });
      }
    }
    return gone;
  }

  /** What a node reports now replaces what it reported before (a node that reconnected to Redis resends it all). */
  replaceNode(
    node: string,
    entries: readonly { room: string; user: PresentUser }[],
  ): { room: string; user: PresentUser; change: PresenceChange }[] {
    const changes: { room: string; user: PresentUser; change: PresenceChange }[] = [];
    const keep = new Set(entries.map(({ room, user }) => `${room}\n${user.id}`));
    for (const [room, users] of [...this.rooms]) {
      for (const [userId, entry] of [...users]) {
        if (!remoteHas(entry, node) || keep.has(`${room}\n${userId}`)) continue;
        const user = entry.user;
        if (this.removeRemote(room, node, userId) === 'disappeared')
          changes.push({ room, user, change: 'disappeared' });
      }
    }
    for (const { room, user } of entries) {
      if (this.addRemote(room, node, user) === 'appeared') changes.push({ room, user, change: 'appeared' });
    }
    return changes;
  }

  /** The room's users, each once, as last reported. */
  list(room: string): PresentUser[] {
    const users = this.rooms.get(room);
    return users ? [...users.values()].map((entry) => entry.user) : [];
  }

  /**
   * The room's users as the JSON array a `users` event carries (`{id, nickname, level}` each, in the order
   * `list` gives them), each user's level from `levels`. Kept between calls, so while users only
   * appear a join costs what its own entry costs, not what the room's list costs.
   */
  listJson(room: string, levels: ListLevels): string {
    const levelsKey = levels.size === 0 ? '' : [...levels].sort(([a], [b]) => a - b).join(';');
    let list = this.lists.get(room);
    if (!list || list.levelsKey !== levelsKey) {
      const entries = [...(this.rooms.get(room)?.values() ?? [])].map((entry) => listEntry(entry.user, levels));
      list = { levelsKey, levels, json: entries.join(','), appended: [] };
      if (this.rooms.has(room)) this.lists.set(room, list);
    } else if (list.appended.length > 0) {
      // `join` writes one flat string.
      list.json = (list.json === '' ? list.appended : [list.json, ...list.appended]).join(',');
      list.appended = [];
    }
    return `[${list.json}]`;
  }

  /** How many users the room holds, on every node. */
  size(room: string): number {
    return this.rooms.get(room)?.size ?? 0;
  }

  has(room: string, userId: number): boolean {
    return this.rooms.get(room)?.has(userId) ?? false;
  }

  /**
   * Who in the room chats under one of these lower-cased nicknames. Looked up by name, so a message
   * costs the same in a room of ten as in a room of thousands.
   */
  usersNamed(room: string, lowerNames: Iterable<string>): number[] {
    const users = this.rooms.get(room);
    if (!users) return [];
    const found: number[] = [];
    for (const name of lowerNames) {
      const held = this.names.get(name);
      const ids = held === undefined ? [] : held instanceof Map ? held.keys() : [held.userId];
      for (const userId of ids) {
        if (users.get(userId)?.user.nickname.toLowerCase() === name) found.push(userId);
      }
    }
    return found;
  }

  /** A user chats under another name now; every entry of theirs shows it. */
  rename(userId: number, nickname: string): void {
    for (const [room, users] of this.rooms) {
      const entry = users.get(userId);
      if (entry) this.setUser(room, entry, { ...entry.user, nickname });
    }
  }

  /** What this node itself holds: one entry per (room, user) it has sockets for. */
  localEntries(): { room: string; user: PresentUser }[] {
    const entries: { room: string; user: PresentUser }[] = [];
    for (const [room, users] of this.rooms) {
      for (const entry of users.values()) if (localCount(entry) > 0) entries.push({ room, user: entry.user });
    }
    return entries;
  }

  /** The user's entry in the room, when this node holds them there. */
  localUser(room: string, userId: number): PresentUser | undefined {
    const entry = this.rooms.get(room)?.get(userId);
    return entry && localCount(entry) > 0 ? entry.user : undefined;
  }
}

/** One user of a `users` list as JSON, shown at the staff level or the stored one. */
function listEntry(user: PresentUser, levels: ListLevels): string {
  return JSON.stringify({
    id: user.id,
    nickname: user.nickname,
    level: user.staff ? staffLevel : (levels.get(user.id) ?? 0),
  });
}
