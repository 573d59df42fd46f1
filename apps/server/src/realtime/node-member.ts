import { randomUUID } from 'node:crypto';
import { rooms, type ServerToClientEvents, type SocketData } from '@papo/contract/socket-events';
import type { PapoServer, PapoSocket } from './socket-types.js';

/** What a member hears: an event of the web's map and its arguments, as the server emitted them. */
export type Heard = {
  [E in keyof ServerToClientEvents]: [event: E, ...args: Parameters<ServerToClientEvents[E]>];
}[keyof ServerToClientEvents];

/** The transport name a member shows: not `websocket`, so whoever writes frames writes it packets instead. */
const inProcessTransport = 'in-process';

/** The last packet text decoded for a member, and what it decoded to: a room's members are written the same string. */
let lastPacket: { text: string; heard: Heard } | undefined;

/**
 * A main-namespace event packet (`2["event",…]`), as the encoder writes it, back to its event and arguments.
 * only this node's presence writes such packets, encoded from the typed events, so they are read as those.
 */
function decodePacket(text: string): Heard | undefined {
  if (lastPacket?.text === text) return lastPacket.heard;
  if (!text.startsWith('2["')) return undefined;
  const heard: Heard = JSON.parse(text.slice(1));
  lastPacket = { text, heard };
  return heard;
}

/**
 * A participant of this node's rooms that lives in the process (an IRC link): in the namespace's rooms as a socket is,
 * so presence, broadcasts from any node, kicks, sign-outs and the adapter's fetches treat it as one, but with no
 * Engine.IO connection, no WebSocket and nothing encoded for it. A broadcast reaches `hear` as the event the server
 * emitted (the adapter passes each socket the packet before its frames), and so is a room outbox's or presence's batch
 * (`writeToMembers`): every member hears the same object for the same event. Only a packet written to one socket (its
 * `users` list, its own join) is decoded.
 * it implements the part of Socket.IO's `Socket` that the namespace, its adapter and Papo's realtime code use;
 * `socket` is this object as they type it.
 */
export class NodeMember {
  readonly id = `m-${randomUUID()}`;
  readonly handshake = {
    headers: {},
    time: '',
    address: '',
    xdomain: false,
    secure: false,
    issued: 0,
    url: '',
    query: {},
    auth: {},
  };
  readonly conn = { transport: { name: inProcessTransport }, write: (packet: string) => this.heardPacket(packet) };
  readonly client = { writeToEngine: () => undefined };
  connected = true;
  /** This member as the namespace's code types its sockets (see the class's note). */
  readonly socket: PapoSocket;

  constructor(
    private readonly io: PapoServer,
    readonly data: SocketData,
    private readonly hear: (heard: Heard) => void,
    /** The node let the member go: `server shutting down`, `server namespace disconnect` (a sign-out)… */
    private readonly gone: (reason: string) => void,
  ) {
    const namespace = io.of('/');
    // the namespace's map holds sockets by type; this member stands in one's place (see the class's note).
    const members: Map<string, unknown> = namespace.sockets;
    members.set(this.id, this);
    // read back from the map, which types what it holds as sockets; the code it is passed to (joining, leaving,
    // renaming, sign-outs) reads `id`, `data`, `disconnected`, `join`, `leave`, `emit` and `disconnect`.
    const socket = namespace.sockets.get(this.id);
    if (!socket) throw new Error('the namespace did not keep its member');
    this.socket = socket;
    namespace.adapter.addAll(this.id, new Set([this.id, rooms.user(data.userId)]));
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
    this.hearDecoded(heard);
    return true;
  }

  /**
   * The adapter's broadcast: the packet as emitted, before it is encoded for the sockets. Every broadcast to a
   * room is emitted through the server's typed event map (here or on another node), so its data is one of those events.
   */
  notifyOutgoingListeners(packet: { type: number; data?: Heard }): void {
    if (packet.type === 2 && packet.data) this.hearDecoded(packet.data);
  }

  /** An event as the server emitted it (`writeToMembers` hands over what it encoded). */
  hearDecoded(heard: Heard): void {
    if (this.connected) this.hear(heard);
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
