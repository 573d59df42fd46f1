import type { ChannelMessage } from '@papo/contract/socket-events';
import { describe, expect, it } from 'vitest';
import { ReplayRing } from './replay-ring.js';

const line = (n: number): ChannelMessage => ({
  id: `m${n}`,
  channel: '#barra',
  username: 'ana',
  text: `linha ${n}`,
  timestamp: new Date(n).toISOString(),
});
const ids = (messages: ChannelMessage[]) => messages.map((message) => message.id);

describe('the replay ring', () => {
  it('keeps at most maxLines per room, the newest, and says a line it let go is a gap', () => {
    const ring = new ReplayRing({ maxLines: 3, windowMs: 60_000, now: () => 0 });
    ring.record('channel:barra', [1, 2, 3, 4, 5].map(line));
    ring.record('channel:rio', [line(9)]);
    expect(ring.size()).toBe(4);
    expect(ring.after('channel:barra', 'm3')).toEqual({ messages: [line(4), line(5)], complete: true });
    expect(ring.after('channel:barra', 'm1')).toEqual({ messages: [line(3), line(4), line(5)], complete: false });
    expect(ring.after('channel:barra', undefined)).toEqual({ messages: [line(3), line(4), line(5)], complete: true });
    expect(ring.after('channel:barra', 'm5')).toEqual({ messages: [], complete: true });
    expect(ring.after('channel:sampa', 'm1')).toEqual({ messages: [], complete: false });
  });

  it('holds nothing older than the window: a read lets old lines go, a sweep empties quiet rooms', () => {
    let now = 1_000;
    const ring = new ReplayRing({ maxLines: 300, windowMs: 120_000, now: () => now });
    ring.record('channel:barra', [line(1)]);
    now += 60_000;
    ring.record('channel:barra', [line(2)]);
    ring.record('channel:rio', [line(3)]);
    now += 60_001;
    expect(ring.after('channel:barra', 'm1')).toEqual({ messages: [line(2)], complete: false });
    now += 60_000;
    expect(ring.after('channel:barra', 'm2')).toEqual({ messages: [], complete: false });
    expect(ring.size()).toBe(1);
    ring.sweep();
    expect(ring.size()).toBe(0);
  });

  it('is bounded by default to the contract limits: two minutes and 300 lines', () => {
    let now = 0;
    const ring = new ReplayRing({ now: () => now });
    ring.record(
      'channel:barra',
      Array.from({ length: 1_000 }, (_, i) => line(i)),
    );
    expect(ring.size()).toBe(300);
    expect(ids(ring.after('channel:barra', undefined).messages).at(0)).toBe('m700');
    now = 120_000;
    expect(ring.after('channel:barra', 'm999').complete).toBe(true);
    now = 120_001;
    ring.sweep();
    expect(ring.size()).toBe(0);
  });
});
