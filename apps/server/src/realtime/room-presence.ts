import { randomUUID } from 'node:crypto';
import { isStaff } from '@papo/contract/auth';
import { staffLevel } from '@papo/contract/chat';
import type { OnlineUser } from '@papo/contract/socket-events';
import { PresenceAnnouncer, type PresenceEvent } from './presence-announcer.js';
import { PresenceCluster, type ClusterSink, type NodeEntry } from './presence-cluster.js';
import { PresenceState, type PresentUser } from './presence-state.js';
import { defaultReconnectGraceMs } from './reconnect-grace.js';
import { clientRoomName, type RoomTarget } from './room-name.js';
import type { RoomOutbox } from './room-outbox.js';
import type { ThrottledWarn } from './throttled-warn.js';
import type { RedisOutage } from '../lib/redis-outage.js';
import type { PapoServer, PapoSocket } from './socket-types.js';

/** Stored channel levels by user id; a user without an entry is at level 0. */
export type LevelMap = ReadonlyMap<number, number>;

export interface PresenceTimings {
  /** Joins and parts after the first within this window go out together (decision 014). */
  windowMs: number;
  /** While a room stays busy its windows double up to this length. */
  maxWindowMs: number;
  /** How long a join storm's window may run past its plan to gather half the room's size in changes (decision 022). */
  stormWindowMs: number;
  /** How often a node says it is alive in Redis. */
  heartbeatMs: number;
  /** A node silent this long is dead and its users leave every room. */
  deadAfterMs: number;
  /**
   * How long a member whose last socket in a room dropped without leaving (a reload, a network drop) stays in it,
   * unannounced, for a socket of theirs to come back; 0 announces the part at once.
   */
  reconnectGraceMs: number;
}

/**
 * Why a socket goes without having left its rooms, when it may well come back: the connection broke (a reload, a
 * closed lid, a tunnel). A closing tab looks the same to the server. A client's own `disconnect()` (signing
 * out), the server's (a sign-out elsewhere, an expired sign-in) and a stopping node are real leaves.
 */
const mayComeBack: ReadonlySet<string> = new Set(['transport close', 'transport error', 'ping timeout']);

/**
 * a dead node's users are gone from every list within deadAfterMs + heartbeatMs (12 s). A shorter
 * timeout took a node whose event loop stalled under a 4,000-client join storm for dead.
 */
export const defaultPresenceTimings: PresenceTimings = {
  windowMs: 250,
  maxWindowMs: 2_000,
  stormWindowMs: 30_000,
  heartbeatMs: 2_000,
  deadAfterMs: 10_000,
  reconnectGraceMs: defaultReconnectGraceMs,
};

/** A `users` event for the main namespace as Socket.IO's encoder writes it, from the list's JSON. */
export const usersPacket = (listJson: string, client: string) => `2["users",${listJson},${JSON.stringify(client)}]`;

const joinEvent = (user: PresentUser, client: string): PresenceEvent => {
  const online: OnlineUser = { id: user.id, nickname: user.nickname, level: user.level };
  return { kind: 'join', payload: { room: client, user: online, nickname: user.nickname, message: 'join' } };
};

/**
 * Who is in each channel and conversation room, on this node and (with Redis) on every node:
 * kept as sockets come and go, never recomputed from the sockets (decision 014).
 */
export class RoomPresence {
  private readonly state = new PresenceState();
  private readonly announcer: PresenceAnnouncer;
  private readonly cluster: PresenceCluster | undefined;
  /** Sockets closing for a reason they may come back from, while Socket.IO takes them out of their rooms. */
  private readonly dropping = new Set<string>();
  /** Held places (`room\nuserId`) and the timer that lets each go. */
  private readonly graces = new Map<string, NodeJS.Timeout>();
  private readonly graceMs: number;

  constructor(
    private readonly io: PapoServer,
    options: {
      outbox: RoomOutbox;
      redis?: { url: string; key: string; outage: RedisOutage };
      timings: PresenceTimings;
      warn: ThrottledWarn;
    },
  ) {
    this.graceMs = options.timings.reconnectGraceMs;
    this.announcer = new PresenceAnnouncer(io, options.outbox, options.timings, (room) => this.state.size(room));
    if (options.redis) {
      const key = `${options.redis.key}-presence`;
      this.cluster = new PresenceCluster(
        options.redis.url,
        key,
        randomUUID(),
        this.sink(),
        options.timings,
        options.warn,
        options.redis.outage,
      );
    }
    // every way out of a room (leave, disconnect, a kick's socketsLeave, on any node) ends here.
    io.of('/').adapter.on('leave-room', (room: string, socketId: string) => this.socketLeft(room, socketId));
  }

  start(): Promise<void> {
    return this.cluster?.start() ?? Promise.resolve();
  }

  /**
   * Puts the socket in the room: sends it the room's list (with channel levels), then tells the
   * room when its user is new there.
   */
  enter(socket: PapoSocket, target: RoomTarget, levels: LevelMap): void {
    const staff = isStaff(socket.data.roles);
    const user: PresentUser = {
      id: socket.data.userId,
      nickname: socket.data.username,
      staff,
      level: staff ? staffLevel : (levels.get(socket.data.userId) ?? 0),
    };
    void socket.join(target.internal);
    this.endGrace(target.internal, user.id);
    const { change, firstLocal } = this.state.addSocket(target.internal, socket.id, user);
    // the list (the joiner included) is kept encoded: the packet is what `socket.emit('users', list, room)` writes.
    socket.conn.write(usersPacket(this.state.listJson(target.internal, levels), target.client));
    if (firstLocal) this.cluster?.added(target.internal, user);
    this.announcer.socketJoined(
      target.internal,
      target.client,
      socket.id,
      change === 'appeared' ? joinEvent(user, target.client) : null,
    );
  }

  /**
   * The socket is closing (Socket.IO's `disconnecting`): when the reason is one it may come back from, its user keeps
   * each room whose last socket here it was for `reconnectGraceMs`, and a part is told only if none comes back.
   */
  socketClosing(socketId: string, reason: string): void {
    if (this.graceMs <= 0 || !mayComeBack.has(reason)) return;
    this.dropping.add(socketId);
    // Socket.IO takes the socket out of its rooms right after `disconnecting`, in the same turn.
    queueMicrotask(() => this.dropping.delete(socketId));
  }

  /**
   * A place held here for the user in the room goes now: they are out for good (a kick), with the part told if no
   * node holds them, or they came back on another node, and nothing is told.
   */
  leaveNow(internal: string, userId: number): void {
    if (this.endGrace(internal, userId)) this.release(internal, userId);
  }

  /** Whether the user is in the room on any node. */
  has(internal: string, userId: number): boolean {
    return this.state.has(internal, userId);
  }

  /** How many users are in the room, on every node. */
  count(internal: string): number {
    return this.state.size(internal);
  }

  /** Who in the room (on any node) chats under one of these lower-cased nicknames. */
  usersNamed(internal: string, lowerNames: ReadonlySet<string>): number[] {
    return this.state.usersNamed(internal, lowerNames);
  }

  /** The user chats under another nickname: later lists show it, and the other nodes hear it. */
  rename(userId: number, nickname: string): void {
    this.state.rename(userId, nickname);
    for (const { room, user } of this.state.localEntries()) if (user.id === userId) this.cluster?.added(room, user);
  }

  /** Resolves once every held-back announcement has gone out. */
  idle(): Promise<void> {
    return this.announcer.idle();
  }

  async close(): Promise<void> {
    for (const timer of this.graces.values()) clearTimeout(timer);
    this.graces.clear();
    this.announcer.close();
    await this.cluster?.close();
  }

  private socketLeft(room: string, socketId: string): void {
    const client = clientRoomName(room);
    const socket = this.io.of('/').sockets.get(socketId);
    if (client === null || !socket) return;
    const userId = socket.data.userId;
    const { change, lastLocal, held } = this.state.removeSocket(room, socketId, userId, this.dropping.has(socketId));
    if (held) this.hold(room, userId);
    if (lastLocal) this.cluster?.removed(room, userId);
    if (change === 'disappeared') this.announcer.announce(room, client, { kind: 'part', userId });
  }

  private hold(room: string, userId: number): void {
    const key = `${room}\n${userId}`;
    clearTimeout(this.graces.get(key));
    const timer = setTimeout(() => {
      this.graces.delete(key);
      this.release(room, userId);
    }, this.graceMs);
    timer.unref();
    this.graces.set(key, timer);
  }

  /** Whether a place was held for the user in the room; its timer stops either way. */
  private endGrace(room: string, userId: number): boolean {
    const key = `${room}\n${userId}`;
    const timer = this.graces.get(key);
    if (timer === undefined) return false;
    clearTimeout(timer);
    this.graces.delete(key);
    return true;
  }

  /** No socket of the user came back to the room: the node lets go of them, as the last socket's leave would have. */
  private release(room: string, userId: number): void {
    const client = clientRoomName(room);
    const { change, lastLocal } = this.state.release(room, userId);
    if (lastLocal) this.cluster?.removed(room, userId);
    if (client !== null && change === 'disappeared') this.announcer.announce(room, client, { kind: 'part', userId });
  }

  private announceChange(room: string, user: PresentUser, change: 'appeared' | 'disappeared' | null): void {
    const client = clientRoomName(room);
    if (client === null || change === null) return;
    this.announcer.announce(
      room,
      client,
      change === 'appeared' ? joinEvent(user, client) : { kind: 'part', userId: user.id },
    );
  }

  private sink(): ClusterSink {
    return {
      added: (node, { room, user }) => {
        this.announceChange(room, user, this.state.addRemote(room, node, user));
        // the dropped tab came back on another node, which holds the member now: the place held here goes
        // quietly.
        this.leaveNow(room, user.id);
      },
      removed: (node, room, userId) => {
        const user = { id: userId, nickname: '', staff: false, level: 0 };
        this.announceChange(room, user, this.state.removeRemote(room, node, userId));
      },
      replaced: (node, entries: NodeEntry[]) => {
        for (const { room, user, change } of this.state.replaceNode(node, entries))
          this.announceChange(room, user, change);
      },
      dropped: (node) => {
        for (const { room, user } of this.state.dropNode(node)) this.announceChange(room, user, 'disappeared');
      },
      ownEntries: () => this.state.localEntries(),
    };
  }
}
