import net, { type AddressInfo, type Server } from 'node:net';
import tls from 'node:tls';
import { banBody, channelLevelBody, kickBody, unbanBody } from '@papo/contract/chat';
import { privateMessageRateLimit, sendPrivateMessageBody, typingRateLimit } from '@papo/contract/conversations';
import { actLevels, type LevelAct } from '@papo/contract/peace';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, httpError, parseBody, retryAfter } from '../../lib/http-error.js';
import { checkCredentials, endIrcLink, renewIrcLinkToken, startIrcLink } from '../auth/index.js';
import { inPageOrder, searchCategorisedChannels, searchOtherChannels, usersIn } from '../channels/index.js';
import {
  banUser,
  changeChannelLevel,
  findChannel,
  kickUser,
  listBans,
  sendChannelMessage,
  unbanUser,
  updateTopic,
  whois,
  type ChatContext,
} from '../chat/index.js';
import { findMemberByName } from '../users/index.js';
import { createMessaging, listUserConversations, readConversation, startConversation } from '../conversations/index.js';
import { findSelectedNickname } from '../nicknames/index.js';
import { ChannelViews } from './channel-views.js';
import { handleCommand } from './commands.js';
import { IrcConnection, restartReason } from './connection.js';
import type {
  ChanServOutcome,
  Gateway,
  GatewayConnection,
  IrcAccount,
  IrcLimits,
  IrcRefusal,
} from './gateway-types.js';
import { reasonOf } from './replies.js';

export interface IrcOptions {
  /** 0 picks a free port (tests); read it back from `app.irc.address()`. */
  port: number;
  host: string;
  /** PEM certificate and key: the listener speaks TLS. */
  tls?: { cert: string; key: string };
  /** The chat's one context: the same flood control, realtime and notifications as the web's routes. */
  chat: ChatContext;
  /** Shorter limits for tests. */
  limits?: Partial<IrcLimits>;
}

const defaultIrcLimits: IrcLimits = {
  registrationTimeoutMs: 30_000,
  pingIntervalMs: 90_000,
  sendQueueBytes: 512 * 1024,
  perMember: 5,
  perAddress: 10,
  joinBurst: 30,
  joinRefillMs: 1_000,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The IRC listener (IRC_PORT): its address once the node listens, and how many clients it holds. */
    irc: { address(): AddressInfo | undefined; connections(): number };
  }
}

/** A per-key counter on the app's rate-limit store (shared through Redis like the routes' limits), or none when the app was put together without it. */
function limiter(
  app: FastifyInstance,
  options: { max: number; timeWindow: number },
): ((key: string) => Promise<number | undefined>) | undefined {
  return app.hasDecorator('keyRateLimit') ? app.keyRateLimit(options) : undefined;
}

/** The TCP address a server listens on; undefined before it listens. */
function tcpAddress(server: Server): AddressInfo | undefined {
  const address = server.address();
  return address !== null && typeof address === 'object' ? address : undefined;
}

function refusalOf(error: unknown): IrcRefusal {
  if (error instanceof HttpError) {
    const { text } = reasonOf(error);
    return { refused: text, banned: error.key === 'account_locked' };
  }
  return { refused: reasonOf(error).text };
}

function buildGateway(app: FastifyInstance, options: IrcOptions, connections: Set<GatewayConnection>): Gateway {
  const { chat } = options;
  const messaging = createMessaging(app, chat.rt);
  const perMember = new Map<number, Set<GatewayConnection>>();
  const privateMessages = limiter(app, {
    max: privateMessageRateLimit.max,
    timeWindow: privateMessageRateLimit.windowMs,
  });
  const typingCalls = limiter(app, { max: typingRateLimit.max, timeWindow: typingRateLimit.windowMs });
  let closing = false;
  app.addHook('preClose', () => {
    closing = true;
  });
  const serverName = new URL(app.config?.PUBLIC_URL ?? 'http://papo.local').hostname;
  return {
    serverName,
    limits: { ...defaultIrcLimits, ...options.limits },
    log: app.log,
    tokens: app.tokens,
    realtime: chat.rt,
    channelViews: new ChannelViews(),
    closing: () => closing || chat.rt.closing,
    count: () => connections.size,
    forget(connection) {
      connections.delete(connection);
      const userId = connection.userId;
      if (userId === undefined) return;
      const own = perMember.get(userId);
      own?.delete(connection);
      if (own?.size === 0) perMember.delete(userId);
    },
    admit(connection, userId) {
      const own = perMember.get(userId) ?? new Set<GatewayConnection>();
      if (own.size >= this.limits.perMember)
        return `Too many IRC connections for this account (${this.limits.perMember})`;
      own.add(connection);
      perMember.set(userId, own);
      return undefined;
    },
    openLink: (account) => startIrcLink(app, account),
    renewLink: (userId, sessionId) => renewIrcLinkToken(app, userId, sessionId),
    endLink(sessionId) {
      endIrcLink(app, sessionId).catch((error: unknown) =>
        app.log.warn({ err: error }, 'irc link: ending its sign-in failed'),
      );
    },
    async login(address, login, password): Promise<IrcAccount | IrcRefusal> {
      // the web's one sign-in limit, by address and by account, counted before the password is checked.
      try {
        return await checkCredentials(app, login, password, address);
      } catch (error) {
        if (!(error instanceof HttpError)) app.log.error({ err: error }, 'irc sign-in failed');
        return refusalOf(error);
      }
    },
    selectedNickname: (userId) => findSelectedNickname(app.db, userId),
    conversations: (userId) => listUserConversations(app.db, userId),
    async recentMessages(userId, conversationId) {
      return (await readConversation(app.db, userId, conversationId, {})).messages;
    },
    sendChannelMessage: (userId, input) => sendChannelMessage(chat, userId, input),
    async sendPrivateMessage(userId, conversationId, content) {
      const body = parseBody(sendPrivateMessageBody, { content, conversation_id: conversationId });
      const wait = await privateMessages?.(`irc-pm:user:${userId}`);
      if (wait !== undefined) throw retryAfter(httpError(429, 'too_many_requests'), wait);
      await messaging.send(userId, { conversationId: body.conversation_id, content: body.content });
    },
    async typing(userId, conversationId, isTyping) {
      // as on the web (`POST /api/typing`), a member typing faster than the limit is simply not shown.
      if ((await typingCalls?.(`irc-typing:user:${userId}`)) !== undefined) return;
      await messaging.typing(userId, { conversationId, isTyping });
    },
    async memberNamed(name) {
      const member = await findMemberByName(app.db, name);
      return member && { id: member.id, nickname: member.nickname };
    },
    openConversation: (userId, otherId) => startConversation(app, userId, otherId),
    findChannel: (name) => findChannel(app.db, name),
    updateTopic: (userId, channel, content) => updateTopic(chat, userId, channel, content),
    whois: (name) => whois(app.db, name),
    bans: async (userId, channel) => (await listBans(chat, userId, channel)).bans,
    async act(userId, { act, channel, nickname, reason }) {
      const because = reason ?? undefined;
      if (act === 'KICK') await kickUser(chat, userId, parseBody(kickBody, { channel, nickname, reason: because }));
      else if (act === 'KICKBAN' || act === 'BAN') {
        const kick = act === 'KICKBAN';
        await banUser(chat, userId, parseBody(banBody, { channel, nickname, reason: because, kick }));
      } else if (act === 'UNBAN') await unbanUser(chat, userId, parseBody(unbanBody, { channel, nickname }));
      else return levelChange(chat, userId, { channel, nickname, act });
      return { changed: true };
    },
    async channelList(search, most) {
      const users = usersIn(app);
      const [curated, others] = await Promise.all([
        searchCategorisedChannels(app.db, search),
        searchOtherChannels(app.db, search, undefined, most + 1),
      ]);
      const found = [...inPageOrder(curated), ...others];
      return {
        channels: found.slice(0, most).map(({ name, topic }) => ({ name, topic, users: users(name) })),
        more: found.length > most,
      };
    },
  };
}

/** A ChanServ level act through the web's level change, its answer told as the gateway's outcome. */
async function levelChange(
  chat: ChatContext,
  userId: number,
  { channel, nickname, act }: { channel: string; nickname: string; act: LevelAct },
): Promise<ChanServOutcome> {
  const body = parseBody(channelLevelBody, { channel_name: channel, nickname, new_level: actLevels[act] });
  const answer = await changeChannelLevel(chat, userId, {
    channel: body.channel_name,
    nickname: body.nickname,
    level: body.new_level,
  });
  return answer.changed ? { changed: true } : { changed: false, nickname: answer.name, level: answer.level };
}

/** Connections one address holds now. */
function countFrom(connections: Set<GatewayConnection>, address: string): number {
  let count = 0;
  for (const connection of connections) if (connection.address === address) count += 1;
  return count;
}

const gateway: FastifyPluginAsync<IrcOptions> = async (app, options) => {
  const connections = new Set<GatewayConnection>();
  const services = buildGateway(app, options, connections);
  const accept = (socket: net.Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    socket.setNoDelay(true);
    if (services.closing()) {
      socket.end(`ERROR :Closing link: ${address} (${restartReason})\r\n`);
      return;
    }
    if (countFrom(connections, address) >= services.limits.perAddress) {
      socket.end(`ERROR :Closing link: ${address} (Too many connections from your address)\r\n`);
      return;
    }
    connections.add(new IrcConnection(services, socket, address, handleCommand));
  };
  const server: Server = options.tls
    ? tls.createServer({ cert: options.tls.cert, key: options.tls.key }, accept)
    : net.createServer(accept);
  // a failed TLS handshake or a reset before any line is the client's business, not a crash.
  server.on('tlsClientError', () => undefined);
  let listening = false;
  app.decorate('irc', {
    address: () => (listening ? tcpAddress(server) : undefined),
    connections: () => connections.size,
  });
  // opened when the node is ready, just before its HTTP listener (Fastify runs onListen without waiting for it,
  // so `listen()` would resolve before the IRC port is open); a client registering in between is told to retry.
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        listening = true;
        app.log.info({ address: server.address() }, 'irc gateway listening');
        resolve();
      });
    });
  });
  app.addHook('preClose', async () => {
    for (const connection of [...connections]) connection.closeForRestart();
    if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
};

/** Papo speaks IRC: a listener whose clients are members on the web's channels, under the web's rules. */
export const ircGateway = fp(gateway, { name: 'papo-irc', fastify: '5.x', dependencies: ['papo-realtime'] });
