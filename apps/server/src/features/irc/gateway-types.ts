import type { ChannelBan } from '@papo/contract/channel-bans';
import type { ChannelSummary } from '@papo/contract/channels';
import type { SendMessageInput, WhoisAnswer } from '@papo/contract/chat';
import type { ConversationSummary, PrivateMessage } from '@papo/contract/conversations';
import type { ChannelMessage } from '@papo/contract/socket-events';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenService } from '../../lib/tokens.js';
import type { RealtimeContext } from '../../realtime/types.js';
import type { ChannelViews } from './channel-views.js';

/** The limits every IRC connection lives by. */
export interface IrcLimits {
  /** A connection not registered (NICK, USER and an account) within this time is closed. */
  registrationTimeoutMs: number;
  /** A client silent this long is sent PING; silent twice as long, it is closed (ping timeout). */
  pingIntervalMs: number;
  /** Bytes written to a client and not yet taken by it; beyond them the client is cut off (SendQ exceeded). */
  sendQueueBytes: number;
  /** Registered IRC connections one member may hold on this node. */
  perMember: number;
  /** IRC connections (registered or not) one address may hold on this node. */
  perAddress: number;
  /**
   * Channels a connection may ask to join at once (each costs the node a database read), then one more each
   * `joinRefillMs` (flood control of IRC servers: a burst, then a steady rate); beyond, a JOIN is answered 263.
   */
  joinBurst: number;
  joinRefillMs: number;
}

/** What the gateway's bookkeeping needs of one of its connections (connection.ts's `IrcConnection`). */
export interface GatewayConnection {
  readonly address: string;
  readonly userId: number | undefined;
  closeForRestart(): void;
}

/** A member the account check let in. */
export interface IrcAccount {
  id: number;
  username: string;
  roles: string[];
}

/** Why an account check refused: the reason said to the client; `banned` when the account may not sign in at all now. */
export interface IrcRefusal {
  refused: string;
  banned?: boolean;
}

/** ChanServ acts IRC can ask for (KICK, MODE and `/msg ChanServ`), each through the chat's PEACE rules. */
export type ChanServAct =
  'KICK' | 'KICKBAN' | 'BAN' | 'UNBAN' | 'OP' | 'DEOP' | 'VOICE' | 'DEVOICE' | 'MASTER' | 'DEMASTER';

/**
 * What a ChanServ act did. A level change that found the target at that level already wrote nothing and told no one,
 * so only the one who asked hears of it: the target's nickname as Papo spells it, and the level they have.
 */
export type ChanServOutcome = { changed: true } | { changed: false; nickname: string; level: number };

/**
 * What a connection may ask of the node: the same services the web's routes call, the node's limits, and
 * the bookkeeping of its connections (gateway.ts builds it).
 */
export interface Gateway {
  serverName: string;
  limits: IrcLimits;
  log: FastifyBaseLogger;
  tokens: TokenService;
  /** The node's rooms, presence and broadcasts, which each link is a member of. */
  realtime: RealtimeContext;
  /** Who is in each channel, one list per channel for all the node's links in it. */
  channelViews: ChannelViews;
  /** Whether the node is shutting down. */
  closing(): boolean;
  count(): number;
  /** The connection has ended. */
  forget(connection: GatewayConnection): void;
  /** Counts a registered connection of the member; the reason when one more is too many. */
  admit(connection: GatewayConnection, userId: number): string | undefined;
  /** Starts the link's sign-in (one of the member's devices): its id and a first access token (its roles, its expiry). */
  openLink(account: IrcAccount): Promise<{ sessionId: string; token: string }>;
  /** A fresh access token once the last expired, the account checked again; undefined: the link must close. */
  renewLink(userId: number, sessionId: string): Promise<string | undefined>;
  /** The link closed: its sign-in ends. */
  endLink(sessionId: string): void;
  /** The web's sign-in check (lockout and per-address limit included), off the event loop. */
  login(address: string, login: string, password: string): Promise<IrcAccount | IrcRefusal>;
  selectedNickname(userId: number): Promise<string | undefined>;
  conversations(userId: number): Promise<ConversationSummary[]>;
  recentMessages(userId: number, conversationId: number): Promise<PrivateMessage[]>;
  sendChannelMessage(userId: number, input: SendMessageInput): Promise<ChannelMessage>;
  sendPrivateMessage(userId: number, conversationId: number, text: string): Promise<void>;
  typing(userId: number, conversationId: number, isTyping: boolean): Promise<void>;
  memberNamed(name: string): Promise<{ id: number; nickname: string } | undefined>;
  openConversation(userId: number, otherId: number): Promise<number>;
  findChannel(
    name: string,
  ): Promise<{ topic: string | null; topicBy: string | null; topicAt: string | null } | undefined>;
  updateTopic(userId: number, channel: string, content: string): Promise<void>;
  whois(name: string): Promise<WhoisAnswer>;
  /** The channel's bans in force, for its operators and up (403 below). */
  bans(userId: number, channel: string): Promise<ChannelBan[]>;
  act(
    userId: number,
    input: { act: ChanServAct; channel: string; nickname: string; reason: string | null },
  ): Promise<ChanServOutcome>;
  /**
   * Up to `most` channels whose name holds `search` (every one without it), the curated ones first, then those members
   * founded by name, each with how many members are in it now on every node; `more` when others were left out.
   */
  channelList(
    search: string | undefined,
    most: number,
  ): Promise<{ channels: (ChannelSummary & { users: number })[]; more: boolean }>;
}
