import type { ServerToClientEvents } from '@papo/contract/socket-events';
import { vi } from 'vitest';
import type { JoinAnswer } from '../lib/socket';

type Listener = (...args: never[]) => void;

/**
 * A stand-in for the tab's Socket.IO connection: records `on`/`off` and what the client emits, and
 * lets a test deliver server events (`receive`) or drop and restore the connection.
 */
export class FakeSocket {
  connected = true;
  private listeners = new Map<string, Set<Listener>>();
  private refusalListeners = new Set<(room: string, message: string) => void>();
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

  /** What the server answers an acknowledged event (`replay`), set by a test; unset events never answer. */
  readonly answers = new Map<string, (...args: unknown[]) => unknown>();

  /** `socket.timeout(ms).emitWithAck(…)`: recorded as emitted, answered from `answers` (a timeout when unset). */
  timeout(_ms: number) {
    return {
      emitWithAck: (event: string, ...args: unknown[]): Promise<unknown> => {
        this.emit(event, ...args);
        const answer = this.answers.get(event);
        return answer ? Promise.resolve(answer(...args)) : Promise.reject(new Error('operation has timed out'));
      },
    };
  }

  /** Delivers a server event to every listener. */
  receive<E extends keyof ServerToClientEvents>(event: E, ...args: Parameters<ServerToClientEvents[E]>) {
    for (const listener of [...(this.listeners.get(event) ?? [])])
      (listener as (...values: unknown[]) => void)(...args);
  }

  /** Fires a connection lifecycle event ('connect', 'disconnect', 'connect_error'). */
  lifecycle(event: 'connect' | 'disconnect' | 'connect_error', ...args: unknown[]) {
    this.connected = event === 'connect';
    for (const listener of [...(this.listeners.get(event) ?? [])])
      (listener as (...values: unknown[]) => void)(...args);
  }

  /** Fires an event of the connection manager (`reconnect`). */
  managerEvent(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(`io:${event}`) ?? [])])
      (listener as (...values: unknown[]) => void)(...args);
  }

  /** Plays what `lib/socket` reports after a reconnect whose rejoin of `room` the server refused. */
  refuseRejoin(room: string, message: string) {
    for (const listener of [...this.refusalListeners]) listener(room, message);
  }

  /** `onRoomRefused` of the faked module. */
  onRoomRefused(listener: (room: string, message: string) => void): () => void {
    this.refusalListeners.add(listener);
    return () => this.refusalListeners.delete(listener);
  }

  /** Back to a connected socket with nothing recorded (listeners stay: mounted screens own theirs). */
  reset() {
    this.connected = true;
    this.emitted.length = 0;
    this.answers.clear();
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}

/**
 * The module `lib/socket` over one fake socket, for `vi.mock('…/lib/socket', …)`; tests reach the socket
 * with `getSocket() as unknown as FakeSocket` and the calls with `vi.mocked(joinRoom)`.
 */
export function fakeSocketModule(socket = new FakeSocket()) {
  return {
    getSocket: () => socket,
    joinRoom: vi.fn(async (room: string): Promise<JoinAnswer> => {
      socket.emit('join', room);
      return { ok: true };
    }),
    onRoomRefused: vi.fn((listener: (room: string, message: string) => void) => socket.onRoomRefused(listener)),
    leaveRoom: vi.fn((room: string) => {
      socket.emit('leave', room);
    }),
    showRoom: vi.fn((room: string | null) => {
      socket.emit('focus', room);
    }),
    closeSocket: vi.fn(),
  };
}
