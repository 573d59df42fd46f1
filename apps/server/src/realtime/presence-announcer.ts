import type { UserJoinedPayload } from '@papo/contract/socket-events';
import { type Heard, NodeMember } from './node-member.js';
import { writeToMembers, type RoomOutbox } from './room-outbox.js';
import type { PapoServer } from './socket-types.js';

/** Something the room's members are told: a user appeared in the room, or the last tab of one went. */
export type PresenceEvent = { kind: 'join'; payload: UserJoinedPayload } | { kind: 'part'; userId: number };

/** How a room's announcement windows are timed (decision 014, made adaptive in 022). */
export interface AnnouncerTimings {
  /** The first window after a change told at once, and the quiet gap that ends a window early. */
  windowMs: number;
  /** While changes keep coming each window is planned twice as long as the last, up to this length. */
  maxWindowMs: number;
  /** How long a storm's window may run on past its plan to gather its share of the room. */
  stormWindowMs: number;
}

interface Window {
  client: string;
  queue: PresenceEvent[];
  /** This node's sockets that entered the room while the window was open, with how much of the queue they already know. */
  late: Map<string, number>;
  /** The timer that ends or checks the window, and the check after the sockets' reads when it looked quiet. */
  timeout: NodeJS.Timeout | undefined;
  immediate: NodeJS.Immediate | undefined;
  lengthMs: number;
  openedAt: number;
  /** When the window's planned length is over. */
  endsAt: number;
  /** When the last change came (or the window opened). */
  lastChangeAt: number;
  /** A storm's window holds on until it has this many changes: a share of the room's size when it opened. */
  quota: number;
  /** A window of this run (or of a run that ended less than `stormWindowMs` before it began) ran past its plan. */
  stormed: boolean;
}

/** A storm's window gathers changes until they are this share of the room (1/2: the room grows by half). */
const stormShare = 2;
/**
 * Once a room has stormed, a window runs on while its changes would reach its share within this many times
 * `stormWindowMs`. A storm slows down as the room fills (each joiner reads a longer list, and on a loaded
 * machine the clients come back in bursts); held to the first rate, its late windows fell back to the planned
 * two seconds and every member heard one per room every two seconds until the storm ended.
 */
const stormSlack = 4;

/**
 * Tells this node's own sockets in a room who came and went (decisions 014 and 022). The first change in
 * a quiet room goes out at once; the changes that follow go out together when the window ends,
 * consecutive joins as one `user-joined` packet and consecutive parts as one `user-left` packet.
 *
 * While changes keep coming each window is planned twice as long as the last, up to `maxWindowMs`. A
 * window whose changes come fast enough to reach half the room's size within `stormWindowMs` (a join
 * storm) runs on past its plan until they do: each storm window grows the room by half, so a storm of N
 * joins costs each member a bounded number of packets whatever N is (most members join late and hear
 * only the last few windows), and each join costs a bounded number of writes. A window with no change
 * for `windowMs` (or half its planned length, when longer) ends at once: when a storm stops its last
 * joins go out within a second. An empty one ends the room's run, so the next change is told at once again.
 * each node announces only to its own sockets, so every member hears every change exactly once.
 */
export class PresenceAnnouncer {
  private readonly windows = new Map<string, Window>();
  /** Rooms whose stormy run ended, until when a change there still opens a storm's window rather than going out at once. */
  private readonly calming = new Map<string, number>();
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly io: PapoServer,
    /** Flushed before each announcement, so a part never overtakes the user's last message. */
    private readonly outbox: RoomOutbox,
    private readonly timings: AnnouncerTimings,
    /** How many users the room holds on every node (presence's count). */
    private readonly roomSize: (room: string) => number,
  ) {}

  /**
   * A change in the room, told at once when the room is quiet, else with the window's batch. A room whose
   * storm paused (its run ended less than `stormWindowMs` ago) is not quiet: the change opens a storm's window,
   * where telling it at once and starting the windows short again cost every member a packet per window.
   */
  announce(room: string, client: string, event: PresenceEvent): void {
    const open = this.windows.get(room);
    if (open) {
      this.queue(room, open, event);
      return;
    }
    const calmAt = this.calming.get(room);
    this.calming.delete(room);
    if (calmAt !== undefined && calmAt > performance.now()) {
      this.queue(room, this.open(room, client, this.timings.maxWindowMs, true), event);
      return;
    }
    this.emit(room, client, [event], undefined);
    this.open(room, client, this.timings.windowMs, false);
  }

  /**
   * One of this node's sockets entered the room; `own` is its user's join when it is news to the
   * room. In a quiet room everyone hears the join at once, the socket too; during a window the socket
   * hears its own join with the window's batch, as the first packet of its catch-up, and nothing its
   * `users` list already held.
   * the `users` list (itself included) already told the socket it is in; a packet of its own at once
   * cost each join in a storm one more write and one more packet for the client to read.
   */
  socketJoined(room: string, client: string, socketId: string, own: PresenceEvent | null): void {
    const open = this.windows.get(room);
    if (!open) {
      if (own) this.announce(room, client, own);
      return;
    }
    if (own) this.queue(room, open, own);
    open.late.set(socketId, own ? open.queue.length - 1 : open.queue.length);
  }

  /** Resolves once no window holds anything back (tests wait on it instead of sleeping). */
  idle(): Promise<void> {
    if (this.windows.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Sends what is held back now and stops every timer (the server is closing). */
  close(): void {
    for (const room of [...this.windows.keys()]) this.flush(room, false);
    this.calming.clear();
  }

  private queue(room: string, window: Window, event: PresenceEvent): void {
    window.queue.push(event);
    window.lastChangeAt = performance.now();
    // a storm's window that has run past its plan ends as soon as it has its share.
    if (window.queue.length === window.quota && window.lastChangeAt >= window.endsAt) this.wake(room, window, 0);
  }

  private open(room: string, client: string, lengthMs: number, stormed: boolean): Window {
    const now = performance.now();
    const quota = Math.max(1, Math.ceil(this.roomSize(room) / stormShare));
    const window: Window = {
      client,
      queue: [],
      late: new Map(),
      timeout: undefined,
      immediate: undefined,
      lengthMs,
      openedAt: now,
      endsAt: now + lengthMs,
      lastChangeAt: now,
      quota,
      stormed,
    };
    this.windows.set(room, window);
    this.wake(room, window, this.quietMs(window));
    return window;
  }

  private wake(room: string, window: Window, inMs: number): void {
    clearTimeout(window.timeout);
    window.timeout = setTimeout(() => this.check(room, window), Math.max(0, inMs));
    window.timeout.unref();
  }

  /**
   * How long without a change ends a window early: `windowMs`, or half its planned length (all of it once the room
   * has stormed) when that is more.
   * a storm's own batches stall the event loop and the clients for a few hundred milliseconds; a
   * pause that short is not the storm's end, and ending the window on it cost every member a packet. Once the
   * room has stormed the gap is the window's whole planned length: on a loaded machine a storm's clients
   * stop for one to two seconds at a time, and each pause cost every member of the room a packet.
   */
  private quietMs(window: Window): number {
    return Math.max(this.timings.windowMs, window.stormed ? window.lengthMs : window.lengthMs / 2);
  }

  /**
   * Whether a window past its plan may run on: its changes come fast enough to reach its share within
   * `stormWindowMs` (`stormSlack` times that once the room has stormed).
   */
  private stormy(window: Window, now: number): boolean {
    const elapsed = now - window.openedAt;
    const slack = window.stormed ? stormSlack : 1;
    return (
      elapsed < this.timings.stormWindowMs &&
      window.queue.length * this.timings.stormWindowMs * slack >= window.quota * elapsed
    );
  }

  /** Ends the window when its time is up (or the room has gone quiet), else sleeps until the next reason to look. */
  private check(room: string, window: Window): void {
    if (this.windows.get(room) !== window) return;
    const now = performance.now();
    const quiet = now - window.lastChangeAt >= this.quietMs(window);
    const over = now >= window.endsAt && (window.queue.length >= window.quota || !this.stormy(window, now));
    if (over) {
      this.flush(room, true);
      return;
    }
    if (now >= window.endsAt) window.stormed = true;
    if (!quiet) {
      const until = now < window.endsAt ? window.endsAt : window.openedAt + this.timings.stormWindowMs;
      this.wake(room, window, Math.min(until, window.lastChangeAt + this.quietMs(window)) - now);
      return;
    }
    // timers run before the event loop reads its sockets, so after a stall the joins waiting to be read
    // would look like silence; the window ends early only if none came in once they have been read.
    window.immediate = setImmediate(() => {
      if (this.windows.get(room) !== window) return;
      if (performance.now() - window.lastChangeAt >= this.quietMs(window)) this.flush(room, true);
      else this.check(room, window);
    });
  }

  private flush(room: string, reopen: boolean): void {
    const window = this.windows.get(room);
    if (!window) return;
    clearTimeout(window.timeout);
    clearImmediate(window.immediate);
    this.windows.delete(room);
    const goesOn = reopen && window.queue.length > 0;
    if (window.queue.length > 0) this.emit(room, window.client, window.queue, window.late);
    if (goesOn) this.open(room, window.client, Math.min(window.lengthMs * 2, this.timings.maxWindowMs), window.stormed);
    else if (reopen && window.stormed) this.calm(room);
    if (this.windows.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** The room's stormy run ended: for `stormWindowMs` a change there opens a storm's window (rooms past theirs are forgotten). */
  private calm(room: string): void {
    const now = performance.now();
    for (const [other, until] of this.calming) if (until <= now) this.calming.delete(other);
    this.calming.set(room, now + this.timings.stormWindowMs);
  }

  /**
   * The queue to the room's sockets on this node, each event's JSON encoded once: the packets once for
   * every member that was there before the window, and for each socket that came during it, the part of
   * the queue it does not know yet (its catch-up), cut from the same strings.
   */
  private emit(room: string, client: string, queue: PresenceEvent[], late: Map<string, number> | undefined): void {
    this.outbox.flush();
    const batch = new EncodedBatch(client, queue);
    writeToMembers(this.io, room, batch.from(0), late, batch.heard);
    if (!late || late.size === 0) return;
    const members = this.io.of('/').adapter.rooms.get(room);
    const sockets = this.io.of('/').sockets;
    for (const [socketId, known] of late) {
      const member: unknown = sockets.get(socketId);
      if (member instanceof NodeMember) {
        if (members?.has(socketId)) for (const heard of batch.heard.slice(known)) member.hearDecoded(heard);
        continue;
      }
      const conn = known < queue.length && members?.has(socketId) ? sockets.get(socketId)?.conn : undefined;
      if (!conn) continue;
      for (const packet of batch.from(known)) conn.write(packet);
    }
  }
}

interface EncodedRun {
  kind: PresenceEvent['kind'];
  start: number;
  end: number;
  /** Every event's later form (`encodePieces`), comma-separated. */
  later: string;
  /** Where each event's later form starts in `later`. */
  offsets: number[];
  /** The run's packet from its start. */
  whole: string;
}

/**
 * A window's queue as `user-joined` / `user-left` packets, each event encoded once, from which the packets
 * for the queue from any point on are cut in time proportional to their number, not to their length:
 * a late socket's catch-up costs what writing it costs.
 */
export class EncodedBatch {
  private readonly room: string;
  private readonly pieces: Piece[];
  private readonly runs: EncodedRun[] = [];
  /** The run each event is in. */
  private readonly runOf: Uint32Array;
  /**
   * Each event as its own event object, for the node's in-process members: every member is handed the same object for
   * the same event, whichever packet (the whole batch or a late socket's catch-up) carries it for the others.
   */
  readonly heard: readonly Heard[];

  constructor(client: string, queue: readonly PresenceEvent[]) {
    this.room = JSON.stringify(client);
    this.heard = queue.map((event): Heard =>
      event.kind === 'join' ? ['user-joined', event.payload] : ['user-left', event.userId, client],
    );
    this.pieces = encodePieces(queue);
    this.runOf = new Uint32Array(queue.length);
    for (const { kind, start, end, head } of runs(this.pieces, 0)) {
      const own = this.pieces.slice(start, end);
      const offsets: number[] = [];
      let length = 0;
      for (const piece of own) {
        offsets.push(length);
        length += piece.later.length + 1;
      }
      this.runOf.fill(this.runs.length, start, end);
      const run: EncodedRun = {
        kind,
        start,
        end,
        later: own.map((piece) => piece.later).join(','),
        offsets,
        whole: '',
      };
      run.whole = this.packet(run, start, head);
      this.runs.push(run);
    }
  }

  /** The packets for the queue from `from` on (none once `from` is its length). */
  from(from: number): string[] {
    const first = this.runOf[from];
    const run = first === undefined ? undefined : this.runs[first];
    const piece = this.pieces[from];
    if (first === undefined || !run || !piece) return [];
    const packets = [from === run.start ? run.whole : this.packet(run, from, piece.first)];
    for (const later of this.runs.slice(first + 1)) packets.push(later.whole);
    return packets;
  }

  /** The packet of `run` from its event `from` on, whose first form is `first`. */
  private packet(run: EncodedRun, from: number, first: string): string {
    const head = run.kind === 'join' ? '2["user-joined",' : '2["user-left",';
    // the spec's `user-left` carries the room after the first id; a slice of `later` is not copied.
    const room = run.kind === 'part' ? `,${this.room}` : '';
    const rest = from + 1 < run.end ? `,${run.later.slice(run.offsets[from + 1 - run.start])}` : '';
    return `${head}${first}${room}${rest}]`;
  }
}

/** An event's kind and its parts of a `user-joined` / `user-left` packet. */
interface Piece {
  kind: PresenceEvent['kind'];
  first: string;
  later: string;
}

/**
 * Each event's parts of a `user-joined` / `user-left` packet: a join as the first of its run (the whole
 * payload) and as a later one (its user), a part as its user id.
 */
export function encodePieces(queue: readonly PresenceEvent[]): Piece[] {
  return queue.map((event) => {
    if (event.kind === 'part') return { kind: 'part', first: String(event.userId), later: String(event.userId) };
    return { kind: 'join', first: JSON.stringify(event.payload), later: JSON.stringify(event.payload.user) };
  });
}

/**
 * The main namespace's `user-joined` / `user-left` packets for the queue from `from` on, as Socket.IO's
 * encoder writes them (`2` then the JSON array of the event name and its arguments), consecutive joins
 * and consecutive parts each as one packet, as `EncodedBatch` cuts them (the plain form, kept for tests).
 */
export function joinPackets(client: string, pieces: readonly Piece[], from: number): string[] {
  return runs(pieces, from).map(({ kind, start, end }) => {
    const args = pieces.slice(start, end).map((piece, n) => (n === 0 ? piece.first : piece.later));
    // the spec's `user-left` carries the room after the first id.
    if (kind === 'part') args.splice(1, 0, JSON.stringify(client));
    return `2[${JSON.stringify(kind === 'join' ? 'user-joined' : 'user-left')},${args.join(',')}]`;
  });
}

/** The queue's pieces from `from` on as runs of consecutive joins and consecutive parts, each told as one packet. */
function runs(
  pieces: readonly Piece[],
  from: number,
): { kind: PresenceEvent['kind']; start: number; end: number; head: string }[] {
  const found: { kind: PresenceEvent['kind']; start: number; end: number; head: string }[] = [];
  pieces.forEach(({ kind, first }, at) => {
    if (at < from) return;
    const last = found.at(-1);
    if (last?.kind === kind) last.end = at + 1;
    else found.push({ kind, start: at, end: at + 1, head: first });
  });
  return found;
}
