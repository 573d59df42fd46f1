import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import type { PapoSocket } from '../../../lib/socket';
import { channelEvents, subscribeChannelEvents, type ChannelHandlers } from './channel-subscription';

const names = channelEvents;

describe('a channel screen’s socket events', () => {
  it('reach each event’s own handler, and none once stopped', () => {
    const socket = new EventEmitter();
    const handlers = Object.fromEntries(names.map((name) => [name, vi.fn()])) as unknown as Record<
      (typeof names)[number],
      ReturnType<typeof vi.fn>
    >;
    const stop = subscribeChannelEvents(socket as unknown as PapoSocket, handlers as unknown as ChannelHandlers);
    for (const name of names) {
      socket.emit(name, { event: name });
      expect(handlers[name], name).toHaveBeenCalledExactlyOnceWith({ event: name });
    }
    stop();
    for (const name of names) expect(socket.listenerCount(name), name).toBe(0);
    socket.emit('new-message', {});
    expect(handlers['new-message']).toHaveBeenCalledTimes(1);
  });
});
