import type { FastifyBaseLogger } from 'fastify';
import type { RoomAck, SocketData } from '@papo/contract/socket-events';
import type { RoomOutbox } from './room-outbox.js';
import type { LevelMap, RoomPresence } from './room-presence.js';
import type { PapoServer } from './socket-types.js';
import type { ThrottledWarn } from './throttled-warn.js';

/** Answers whether a user belongs to a private conversation (the conversations feature provides it). */
export interface ConversationMembership {
  isMember(userId: number, conversationId: number): Promise<boolean>;
}

/** What a `join` asked for beyond the room: `create` when the member chose to found a missing channel. */
export interface JoinIntent {
  create: boolean;
}

/** A join the channel rules let through: the joiner's chat name and the channel's stored levels. */
export interface ChannelEntry {
  ok: true;
  /** The nickname the joiner chats under now (read with the rules, so a join costs one query). */
  nickname: string;
  /** Every stored level of the channel by user id (absent: 0); staff are ranked by presence from their roles. */
  levels: LevelMap;
}

/** Channel rules the chat feature provides: who may join, and the levels shown in presence lists. */
export interface ChannelAccess {
  /**
   * Refuses an unknown channel with `channel_not_found`, or creates it when `intent.create` (the joiner
   * becomes its founder, within the founding limits); refuses a banned user with `banned`. Only users
   * given a level have one, so `levels` stays small however full the room is.
   */
  prepareJoin(
    user: SocketData,
    channel: string,
    intent: JoinIntent,
  ): Promise<ChannelEntry | Extract<RoomAck, { ok: false }>>;
}

/** A user now chats under another nickname. */
export interface NicknameAnnouncement {
  userId: number;
  oldNickname: string;
  newNickname: string;
}

/** The nicknames feature's part: the name a user chats under, and the client's `change-nickname`. */
export interface NicknameSource {
  /** The selected nickname; undefined only for an unknown user. */
  selected(userId: number): Promise<string | undefined>;
  /**
   * Selects one of the user's own nicknames by name: the change to announce, null when it was already
   * selected (the spec's client selects over HTTP first), `not_owned` for a name that is not theirs.
   */
  changeFromClient(userId: number, nickname: string): Promise<NicknameAnnouncement | 'not_owned' | null>;
}

/**
 * The one real-time context: built by the realtime plugin, decorated as `app.realtime`, and passed
 * explicitly to the features that broadcast (chat, nicknames, conversations).
 */
export interface RealtimeContext {
  io: PapoServer;
  log: FastifyBaseLogger;
  warn: ThrottledWarn;
  /** Who is in each room, kept as sockets come and go (decision 014). */
  presence: RoomPresence;
  /** Channel messages, broadcast together at the end of each turn of the event loop (decision 022). */
  outbox: RoomOutbox;
  /**
   * `io.to(rooms)` once the outbox's held-back messages have gone: every other broadcast to a room goes
   * through here, so a kick, ban, topic or presence change never overtakes a message sent before it.
   */
  to(rooms: string | string[]): ReturnType<PapoServer['to']>;
  /** True once the node has begun shutting down (its sockets are about to close). */
  closing: boolean;
  /** Whether a broadcast made now reaches the other nodes: always alone, with Redis only while Redis answers. */
  reachesOtherNodes(): Promise<boolean>;
  /** Client requests being answered: a stopping node sends their acks before it closes the sockets. */
  answering: Set<Promise<unknown>>;
  conversations?: ConversationMembership;
  /** Without it every channel is open and everyone is shown at level 0 (staff at the staff level). */
  channels?: ChannelAccess;
  /** Without it sockets chat under their token's username and `change-nickname` is not handled. */
  nicknames?: NicknameSource;
}
