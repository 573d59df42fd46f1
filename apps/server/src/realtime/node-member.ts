import { randomUUID } from 'node:crypto';
import { rooms, type ServerToClientEvents, type SocketData } from '@papo/contract/socket-events';
import type { PapoServer, PapoSocket } from './types.js';

/** What a member hears: an event of the web's map and its arguments, as the server emitted them. */
export type Heard = { [E in keyof ServerToClientEvents]: [event: E, ...args: Parameters<ServerToClientEvents[E]>] }[keyof ServerToClientEvents];

/** The transport name a member shows: not `websocket`, so whoever writes frames writes it packets instead. */
const inProcessTransport = 'in-process';

/** The last packet text decoded for a member, and what it decoded to: every member of a room is written the same string. */
let lastPacket: { text: string; heard: unknown[] } | undefined;

/** A main-namespace event packet (`2["event",…]`), as the encoder writes it, back to its event and arguments. */
function decodePacket(text: string): unknown[] | undefined {
  if (lastPacket?.text === text) return lastPacket.heard;
  if (!text.startsWith('2[')) return undefined;
  const parsed: unknown = JSON.parse(text.slice(1));
  if (!Array.isArray(parsed)) return undefined;
  lastPacket = { text, heard: parsed };
  return parsed;
}

/**
 * A participant of this node's rooms that lives in the process (an IRC link): in the namespace's rooms as a socket is,
 * so presence, broadcasts from any node, kicks, sign-outs and the adapter's fetches treat it as one, but with no
 * Engine.IO connection, no WebSocket and nothing encoded for it. A broadcast reaches `hear` as the event the server
 * emitted (the adapter passes each socket the packet before its frames); only the packets presence writes already
 * encoded are decoded, once per packet for every member of the room.
 * NOTE: it implements the part of Socket.IO's `Socket` that the namespace, its adapter and Papo's realtime code use;
 * `socket` is this object as they type it.
 */
export class NodeMember {
  readonly id = `m-${randomUUID()}`;
  readonly handshake = { headers: {}, time: '', address: '', xdomain: false, secure: false, issued: 0, url: '', query: {}, auth: {} };
  readonly conn = { transport: { name: inProcessTransport }, write: (packet: string) => this.heardPacket(packet) };
  readonly client = { writeToEngine: () => undefined };
  connected = true;

  constructor(
    private readonly io: PapoServer,
    readonly data: SocketData,
    private readonly hear: (heard: Heard) => void,
    /** The node let the member go: `server shutting down`, `server namespace disconnect` (a sign-out)… */
    private readonly gone: (reason: string) => void,
  ) {
    const namespace = io.of('/');
    // NOTE: the namespace's map holds sockets by type; this member stands in one's place (see the class's note).
    const members: Map<string, unknown> = namespace.sockets;
    members.set(this.id, this);
    namespace.adapter.addAll(this.id, new Set([this.id, rooms.user(data.userId)]));
  }

  /** This member as the namespace's code types its sockets. */
  get socket(): PapoSocket {
    // NOTE: see the class's note: the functions it is passed to read `data`, `id`, `disconnected`, `join` and `leave`.
    return this as unknown as PapoSocket;
  }

  get disconnected(): boolean {
    return !this.connected;
  }

  get rooms(): Set<string> {
    return this.io.of('/').adapter.socketRooms(this.id) ?? new Set();
  }

  join(room: string | string[]): void {
    if (this.connected) this.io.of('/').adapter.addAll(this.id, new Set(Array.isArray(room) ? room : [room]));
  }

  leave(room: string): void {
    void this.io.of('/').adapter.del(this.id, room);
  }

  /** A direct emit to this member (a sign-out, a token's expiry). */
  emit(...heard: Heard): boolean {
    if (this.connected) this.hear(heard);
    return true;
  }

  /** The adapter's broadcast: the packet as emitted, before it is encoded for the sockets. */
  notifyOutgoingListeners(packet: { type: number; data?: unknown[] }): void {
    if (this.connected && packet.type === 2 && Array.isArray(packet.data)) this.hearDecoded(packet.data);
  }

  /** Events already decoded (`writeToMembers` with what it encoded). */
  hearDecoded(heard: unknown[]): void {
    // NOTE: the server emitted these from its own typed events; they are told on as such.
    if (this.connected && typeof heard[0] === 'string') this.hear(heard as Heard);
  }

  disconnect(): this {
    this._onclose('server namespace disconnect');
    return this;
  }

  /** Leaves every room (presence tells them) and the namespace; the name is Socket.IO's, which `io.close()` calls. */
  _onclose(reason: string): void {
    if (!this.connected) return;
    this.connected = false;
    const namespace = this.io.of('/');
    namespace.adapter.delAll(this.id);
    namespace.sockets.delete(this.id);
    this.gone(reason);
  }

  private heardPacket(text: string): void {
    const heard = decodePacket(text);
    if (heard) this.hearDecoded(heard);
  }
}
