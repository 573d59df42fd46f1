import type { ServerToClientEvents } from '@papo/contract/socket-events';
import { vi } from 'vitest';

type Listener = (...args: never[]) => void;

/**
 * A stand-in for the tab's Socket.IO connection: records `on`/`off` and what the client emits, and
 * lets a test deliver server events (`receive`) or drop and restore the connection.
 */
export class FakeSocket {
  connected = true;
  private listeners = new Map<string, Set<Listener>>();
  readonly emitted: { event: string; args: unknown[] }[] = [];
  /** The connection manager (`socket.io`), whose `reconnect` other features listen for. */
  readonly io = {
    on: (event: string, listener: Listener) => this.on(`io:${event}`, listener),
    off: (event: string, listener: Listener) => this.off(`io:${event}`, listener),
  };

  on(event: string, listener: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
    return this;
  }

  off(event: string, listener: Listener) {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]) {
    this.emitted.push({ event, args });
    return this;
  }

  /** Delivers a server event to every listener. */
  receive<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as (...values: unknown[]) => void)(...args);
  }

  /** Fires a connection lifecycle event ('connect', 'disconnect', 'connect_error'). */
  lifecycle(event: 'connect' | 'disconnect' | 'connect_error') {
    this.connected = event === 'connect';
    for (const listener of [...(this.listeners.get(event) ?? [])]) (listener as () => void)();
  }

  /** Back to a connected socket with nothing recorded (listeners stay: mounted screens own theirs). */
  reset() {
    this.connected = true;
    this.emitted.length = 0;
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}

/** The module `lib/socket` as the chat sees it, over one fake socket. */
export function fakeSocketModule(socket: FakeSocket) {
  return {
    getSocket: () => socket,
    joinRoom: vi.fn(async (room: string) => {
      socket.emit('join', room);
      return { ok: true as const };
    }),
    leaveRoom: vi.fn((room: string) => {
      socket.emit('leave', room);
    }),
    closeSocket: vi.fn(),
  };
}
