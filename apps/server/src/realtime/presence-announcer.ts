import type { UserJoinedPayload } from '@papo/contract/socket-events';
import type { RoomOutbox } from './room-outbox.js';
import type { PapoServer } from './types.js';

/** Something the room's members are told: a user appeared in the room, or the last tab of one went. */
export type PresenceEvent = { kind: 'join'; payload: UserJoinedPayload } | { kind: 'part'; userId: number };

interface Window {
  client: string;
  queue: PresenceEvent[];
  /** This node's sockets that entered the room while the window was open, with how much of the queue they already know. */
  late: Map<string, number>;
  timer: NodeJS.Timeout;
  lengthMs: number;
}

/**
 * Tells this node's own sockets in a room who came and went (decision 014). The first change in a
 * quiet room goes out at once; the changes that follow within `windowMs` go out together when the
 * window ends, consecutive joins as one `user-joined` packet and consecutive parts as one `user-left`
 * packet. While changes keep coming, each window is twice as long as the last, up to `maxWindowMs`:
 * a join storm costs each member a few packets, not a packet per joiner.
 * NOTE: each node announces only to its own sockets, so every member hears every change exactly once.
 */
export class PresenceAnnouncer {
  private readonly windows = new Map<string, Window>();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly io: PapoServer,
    /** NOTE: flushed before each announcement, so a part never overtakes the user's last message. */
    private readonly outbox: RoomOutbox,
    private readonly windowMs: number,
    private readonly maxWindowMs: number,
  ) {}

  /** A change in the room, told at once when the room is quiet, else with the window's batch. */
  announce(room: string, client: string, event: PresenceEvent): void {
    const open = this.windows.get(room);
    if (open) {
      open.queue.push(event);
      return;
    }
    this.emit(room, client, [event], undefined);
    this.open(room, client, this.windowMs);
  }

  /**
   * One of this node's sockets entered the room; `own` is its user's join when it is news to the
   * room. The socket hears its own join at once either way, and later only what it does not know yet.
   */
  socketJoined(room: string, client: string, socketId: string, own: PresenceEvent | null): void {
    const open = this.windows.get(room);
    if (!open) {
      if (own) this.announce(room, client, own);
      return;
    }
    if (own) {
      open.queue.push(own);
      this.emitRuns(this.io.local.to(socketId), client, [own]);
    }
    // NOTE: its `users` list already holds everything queued before it joined.
    open.late.set(socketId, open.queue.length);
  }

  /** Resolves once no window holds anything back (tests wait on it instead of sleeping). */
  idle(): Promise<void> {
    if (this.windows.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Sends what is held back now and stops every timer (the server is closing). */
  close(): void {
    for (const room of [...this.windows.keys()]) this.flush(room, false);
  }

  private open(room: string, client: string, lengthMs: number): void {
    const timer = setTimeout(() => this.flush(room, true), lengthMs);
    timer.unref();
    this.windows.set(room, { client, queue: [], late: new Map(), timer, lengthMs });
  }

  private flush(room: string, reopen: boolean): void {
    const window = this.windows.get(room);
    if (!window) return;
    clearTimeout(window.timer);
    this.windows.delete(room);
    if (window.queue.length > 0) {
      this.emit(room, window.client, window.queue, window.late);
      if (reopen) this.open(room, window.client, Math.min(this.maxWindowMs, window.lengthMs * 2));
    }
    if (this.windows.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private emit(room: string, client: string, queue: PresenceEvent[], late: Map<string, number> | undefined): void {
    const everyone = this.io.local.to(room);
    if (!late || late.size === 0) {
      this.emitRuns(everyone, client, queue);
      return;
    }
    this.emitRuns(everyone.except([...late.keys()]), client, queue);
    // NOTE: each late socket needs its own tail of the queue. Encoding that tail per socket (JSON of every
    // payload, again for every late socket) was most of a join storm's presence CPU; each event is
    // encoded once here and a socket's packets are joined from those pieces.
    const members = this.io.of('/').adapter.rooms.get(room);
    const sockets = this.io.of('/').sockets;
    const pieces = encodePieces(queue);
    for (const [socketId, known] of late) {
      const socket = known < queue.length && members?.has(socketId) ? sockets.get(socketId) : undefined;
      if (!socket) continue;
      this.outbox.flush();
      for (const packet of joinPackets(client, queue, pieces, known)) socket.conn.write(packet);
    }
  }

  private emitRuns(target: ReturnType<PapoServer['to']>, client: string, queue: readonly PresenceEvent[]): void {
    this.outbox.flush();
    for (const { kind, start, end } of runs(queue, 0)) {
      const run = queue.slice(start, end);
      if (kind === 'join') {
        const [first, ...more] = run.map((event) => (event as { payload: UserJoinedPayload }).payload);
        // NOTE: after the first, each join is its user alone: the rest of the spec's payload repeats the room and name.
        target.emit('user-joined', first!, ...more.map((payload) => payload.user));
      } else {
        const [first, ...more] = run.map((event) => (event as { userId: number }).userId);
        target.emit('user-left', first!, client, ...more);
      }
    }
  }
}

/**
 * Each event's parts of a `user-joined` / `user-left` packet: a join as the first of its run (the whole
 * payload) and as a later one (its user), a part as its user id.
 */
export function encodePieces(queue: readonly PresenceEvent[]): { first: string; later: string }[] {
  return queue.map((event) => {
    if (event.kind === 'part') return { first: String(event.userId), later: String(event.userId) };
    return { first: JSON.stringify(event.payload), later: JSON.stringify(event.payload.user) };
  });
}

/**
 * The main namespace's `user-joined` / `user-left` packets for the queue from `from` on, as Socket.IO's
 * encoder writes them (`2` then the JSON array of the event name and its arguments), consecutive joins
 * and consecutive parts each as one packet, like `emitRuns`.
 */
export function joinPackets(client: string, queue: readonly PresenceEvent[], pieces: ReturnType<typeof encodePieces>, from: number): string[] {
  return runs(queue, from).map(({ kind, start, end }) => {
    const args = pieces.slice(start, end).map((piece, n) => (n === 0 ? piece.first : piece.later));
    // NOTE: the spec's `user-left` carries the room after the first id.
    if (kind === 'part') args.splice(1, 0, JSON.stringify(client));
    return `2[${JSON.stringify(kind === 'join' ? 'user-joined' : 'user-left')},${args.join(',')}]`;
  });
}

/** The queue from `from` on as runs of consecutive joins and consecutive parts, each told as one packet. */
function runs(queue: readonly PresenceEvent[], from: number): { kind: PresenceEvent['kind']; start: number; end: number }[] {
  const found: { kind: PresenceEvent['kind']; start: number; end: number }[] = [];
  let start = from;
  while (start < queue.length) {
    const kind = queue[start]!.kind;
    let end = start;
    while (end < queue.length && queue[end]!.kind === kind) end += 1;
    found.push({ kind, start, end });
    start = end;
  }
  return found;
}
