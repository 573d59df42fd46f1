import { replayLimits } from '@papo/contract/replay';
import type { ChannelMessage } from '@papo/contract/socket-events';

interface Kept {
  message: ChannelMessage;
  /** Epoch ms at which this node heard it. */
  at: number;
}

export interface ReplayRingOptions {
  windowMs?: number;
  maxLines?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/**
 * The last lines of each channel room, in this node's memory only, to replay a short drop: at most `maxLines` per
 * room and none older than `windowMs`. This is the one place channel text outlives its broadcast, so it is
 * bounded both ways, swept, and never written to a file, the database, Redis or a log.
 */
export class ReplayRing {
  private readonly rooms = new Map<string, Kept[]>();
  private readonly windowMs: number;
  private readonly maxLines: number;
  private readonly now: () => number;

  constructor(options: ReplayRingOptions = {}) {
    this.windowMs = options.windowMs ?? replayLimits.windowMs;
    this.maxLines = options.maxLines ?? replayLimits.maxLines;
    this.now = options.now ?? Date.now;
  }

  /** Keeps the lines a room was told, in order, dropping the oldest past the bounds. */
  record(room: string, messages: readonly ChannelMessage[]): void {
    const at = this.now();
    const kept = this.rooms.get(room) ?? [];
    for (const message of messages) kept.push({ message, at });
    const overflow = kept.length - this.maxLines;
    if (overflow > 0) kept.splice(0, overflow);
    this.rooms.set(room, kept);
    this.expire(room, kept, at);
  }

  /** The lines after the one with id `after`, oldest first; `complete` false when that line is not kept (a gap). */
  after(room: string, after: string | undefined): { messages: ChannelMessage[]; complete: boolean } {
    const kept = this.rooms.get(room);
    if (!kept) return { messages: [], complete: after === undefined };
    this.expire(room, kept, this.now());
    const index = after === undefined ? -1 : kept.findIndex((entry) => entry.message.id === after);
    const complete = after === undefined || index >= 0;
    return { messages: kept.slice(index + 1).map((entry) => entry.message), complete };
  }

  /** Forgets every line older than the window, and every room left without one. */
  sweep(): void {
    const now = this.now();
    for (const [room, kept] of this.rooms) this.expire(room, kept, now);
  }

  /** Lines held, all rooms together. */
  size(): number {
    let lines = 0;
    for (const kept of this.rooms.values()) lines += kept.length;
    return lines;
  }

  clear(): void {
    this.rooms.clear();
  }

  private expire(room: string, kept: Kept[], now: number): void {
    let old = 0;
    while (old < kept.length && now - (kept[old]?.at ?? now) > this.windowMs) old += 1;
    if (old > 0) kept.splice(0, old);
    if (kept.length === 0) this.rooms.delete(room);
  }
}
