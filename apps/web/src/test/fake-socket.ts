import { vi } from 'vitest';

type Handler = (...args: never[]) => void;

/** A stand-in for the tab's Socket.IO connection: tests deliver server events with `serverEmit`. */
function createFakeSocket() {
  const handlers = new Map<string, Set<Handler>>();
  const managerHandlers = new Map<string, Set<Handler>>();
  return {
    connected: true,
    /** The Manager: `reconnect` is its event, not the socket's. */
    io: {
      on(event: string, handler: Handler) {
        managerHandlers.set(event, (managerHandlers.get(event) ?? new Set()).add(handler));
      },
      off(event: string, handler: Handler) {
        managerHandlers.get(event)?.delete(handler);
      },
    },
    managerEmit(event: string, ...args: unknown[]) {
      for (const handler of [...(managerHandlers.get(event) ?? [])]) (handler as (...values: unknown[]) => void)(...args);
    },
    on(event: string, handler: Handler) {
      handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
      return this;
    },
    off(event: string, handler: Handler) {
      handlers.get(event)?.delete(handler);
      return this;
    },
    emit: vi.fn(),
    serverEmit(event: string, ...args: unknown[]) {
      for (const handler of [...(handlers.get(event) ?? [])]) (handler as (...values: unknown[]) => void)(...args);
    },
    listeners(event: string) {
      return handlers.get(event)?.size ?? 0;
    },
  };
}

export const fakeSocket = createFakeSocket();
export const joinRoom = vi.fn(async (_room: string) => ({ ok: true }));
export const leaveRoom = vi.fn((_room: string) => undefined);

/** The module `lib/socket` as the tests see it (use inside `vi.mock`). */
export const fakeSocketModule = { getSocket: () => fakeSocket, joinRoom, leaveRoom, closeSocket: () => undefined };
