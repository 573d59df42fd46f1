import { randomUUID } from 'node:crypto';
import { isStaff } from '@papo/contract/auth';
import { staffLevel } from '@papo/contract/chat';
import type { OnlineUser } from '@papo/contract/socket-events';
import { PresenceAnnouncer, type PresenceEvent } from './presence-announcer.js';
import { PresenceCluster, type ClusterSink, type NodeEntry } from './presence-cluster.js';
import { PresenceState, type PresentUser } from './presence-state.js';
import { clientRoomName, type RoomTarget } from './room-name.js';
import type { RoomOutbox } from './room-outbox.js';
import type { ThrottledWarn } from './throttled-warn.js';
import type { PapoServer, PapoSocket } from './types.js';

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
}

/**
 * NOTE: a dead node's users are gone from every list within deadAfterMs + heartbeatMs (12 s). A shorter
 * timeout took a node whose event loop stalled under a 4,000-client join storm for dead.
 */
export const defaultPresenceTimings: PresenceTimings = {
  windowMs: 250,
  maxWindowMs: 2_000,
  stormWindowMs: 30_000,
  heartbeatMs: 2_000,
  deadAfterMs: 10_000,
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

  constructor(
    private readonly io: PapoServer,
    options: {
      outbox: RoomOutbox;
      redis?: { url: string; key: string };
      timings: PresenceTimings;
      warn: ThrottledWarn;
    },
  ) {
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
      );
    }
    // NOTE: every way out of a room (leave, disconnect, a kick's socketsLeave, on any node) ends here.
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
    const { change, firstLocal } = this.state.addSocket(target.internal, socket.id, user);
    // NOTE: the list (the joiner included) is kept encoded: the packet is what `socket.emit('users', list, room)` writes.
    socket.conn.write(usersPacket(this.state.listJson(target.internal, levels), target.client));
    if (firstLocal) this.cluster?.added(target.internal, user);
    this.announcer.socketJoined(
      target.internal,
      target.client,
      socket.id,
      change === 'appeared' ? joinEvent(user, target.client) : null,
    );
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
    this.announcer.close();
    await this.cluster?.close();
  }

  private socketLeft(room: string, socketId: string): void {
    const client = clientRoomName(room);
    const socket = this.io.of('/').sockets.get(socketId);
    if (client === null || !socket) return;
    const { change, lastLocal } = this.state.removeSocket(room, socketId, socket.data.userId);
    if (lastLocal) this.cluster?.removed(room, socket.data.userId);
    if (change === 'disappeared') this.announcer.announce(room, client, { kind: 'part', userId: socket.data.userId });
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
      added: (node, { room, user }) => this.announceChange(room, user, this.state.addRemote(room, node, user)),
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
