import type { Socket as NetSocket } from 'node:net';
import { levelPrefix, sendMessageBody, updateTopicBody } from '@papo/contract/chat';
import { notificationTypes } from '@papo/contract/notifications';
import {
  socketPath,
  type ChannelMessage,
  type ClientToServerEvents,
  type ConversationMessage,
  type OnlineUser,
  type RoomAck,
  type ServerToClientEvents,
  type SocketAck,
} from '@papo/contract/socket-events';
import { io as connectSocket, type Socket as ClientSocket } from 'socket.io-client';
import { formatLine, LineReader, maxLineBytes, parseLine, splitText, type IrcMessage } from './line.js';
import { reasonOf, reasonOfKey } from './replies.js';
import { answerService, isServiceName, type ServiceContext } from './services.js';
import type { Gateway, IrcRefusal } from './gateway-types.js';

type Bridge = ClientSocket<ServerToClientEvents, ClientToServerEvents>;

/** Capabilities offered at `CAP LS` (IRCv3); `sasl` carries its mechanism at 302. */
const capabilities = ['sasl', 'server-time', 'message-tags', 'multi-prefix', 'echo-message', 'account-tag', 'away-notify'] as const;

/** Commands a client may send before it is registered; anything else waits for registration (451). */
const beforeRegistration = new Set(['CAP', 'AUTHENTICATE', 'PASS', 'NICK', 'USER', 'PING', 'PONG', 'QUIT']);

/** Commands waiting their turn at which the client is no longer read, and at which it is read again. */
const pauseAtPending = 64;
const resumeAtPending = 8;

/** Mode letter of each prefix, as ISUPPORT's PREFIX lists them. */
const prefixModes: Record<string, string> = { '~': 'q', '&': 'a', '@': 'o', '+': 'v' };

interface ChannelState {
  /** Who is there, by user id: the nickname and the level the web's list shows. */
  members: Map<number, { nickname: string; level: number }>;
}

interface Partner {
  conversationId: number;
  userId: number;
  nickname: string;
}

/** A channel name as IRC writes it (`#barra`) → Papo's (`barra`), or undefined for anything else. */
function channelOf(target: string): string | undefined {
  return target.startsWith('#') && target.length > 1 ? target.slice(1) : undefined;
}

const lower = (name: string) => name.toLowerCase();

/** CTCP's delimiter (a /me is `\x01ACTION text\x01`). */
const ctcp = '\u0001';

/** The text of a CTCP ACTION (`/me`), its closing delimiter optional as clients differ; undefined for anything else. */
function ctcpAction(text: string): string | undefined {
  if (!text.startsWith(`${ctcp}ACTION `)) return undefined;
  return text.endsWith(ctcp) ? text.slice(8, -1) : text.slice(8);
}

/**
 * One IRC client: registration (CAP, SASL or PASS, NICK, USER), then a Socket.IO participant of its own node
 * (`bridge`) for everything the web's sockets hear, and Papo's services for everything they do.
 */
export class IrcConnection {
  private readonly reader = new LineReader();
  private readonly caps = new Set<string>();
  private negotiating = false;
  private requestedNick: string | undefined;
  private userName: string | undefined;
  private password: string | undefined;
  private saslBuffer: string | undefined;
  private saslFailed: IrcRefusal | undefined;
  private account: { id: number; username: string; roles: string[] } | undefined;
  private nick = '*';
  private registered = false;
  private closed = false;
  private bridge: Bridge | undefined;
  private readonly channels = new Map<string, ChannelState>();
  private readonly partners = new Map<number, Partner>();
  /** Ids of channel messages this connection sent, so their echo is shown only with echo-message. */
  private readonly ownMessages = new Set<string>();
  private pending = 0;
  private queue: Promise<void> = Promise.resolve();
  private lastHeard = Date.now();
  private pinged = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly gateway: Gateway,
    private readonly socket: NetSocket,
    readonly address: string,
  ) {
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', () => this.dispose());
    socket.on('close', () => this.dispose());
    const registration = setTimeout(() => {
      if (!this.registered) this.close('Registration timed out');
    }, gateway.limits.registrationTimeoutMs);
    const keepalive = setInterval(() => this.keepalive(), gateway.limits.pingIntervalMs);
    registration.unref();
    keepalive.unref();
    this.timers.push(registration, keepalive);
  }

  get userId(): number | undefined {
    return this.registered ? this.account?.id : undefined;
  }

  // ——— writing ———

  private get source(): string {
    return this.gateway.serverName;
  }

  private mask(nickname: string): string {
    return `${nickname}!${nickname}@${this.gateway.serverName}`;
  }

  /** Writes one line; a client that does not read what it is sent is cut off rather than held in memory. */
  send(message: Parameters<typeof formatLine>[0]): void {
    if (this.closed) return;
    if (this.socket.writableLength > this.gateway.limits.sendQueueBytes) {
      this.close('SendQ exceeded: the client is not reading');
      return;
    }
    this.socket.write(`${formatLine(message)}\r\n`);
  }

  private numeric(code: string, ...params: string[]): void {
    this.send({ source: this.source, command: code, params: [this.nick, ...params] });
  }

  private notice(text: string, from = this.source): void {
    this.send({ source: from, command: 'NOTICE', params: [this.nick, text] });
  }

  /** Tags of a line relayed to this client: the time when it asked for server-time, more when message-tags. */
  private tags(at: string | undefined, extra: [string, string][] = []): Map<string, string> | undefined {
    const tags = new Map<string, string>();
    if (at && this.caps.has('server-time')) tags.set('time', new Date(at).toISOString());
    if (this.caps.has('message-tags')) for (const [key, value] of extra) tags.set(key, value);
    return tags.size ? tags : undefined;
  }

  /** Says why and closes; the one way a connection ends from this side. */
  close(reason: string): void {
    if (this.closed) return;
    this.socket.write(`${formatLine({ command: 'ERROR', params: [`Closing link: ${this.address} (${reason})`] })}\r\n`);
    this.closed = true;
    this.socket.end();
    // NOTE: a client that never reads would keep the socket half-open; it goes after a grace period.
    setTimeout(() => this.socket.destroy(), 2_000).unref();
    this.dispose();
  }

  private dispose(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.bridge?.disconnect();
    this.bridge = undefined;
    this.gateway.forget(this);
  }

  private keepalive(): void {
    const silentMs = Date.now() - this.lastHeard;
    if (this.pinged && silentMs >= this.gateway.limits.pingIntervalMs * 2) return this.close('Ping timeout');
    if (silentMs >= this.gateway.limits.pingIntervalMs) {
      this.pinged = true;
      this.send({ command: 'PING', params: [this.source] });
    }
  }

  // ——— reading ———

  private onData(chunk: Buffer): void {
    this.lastHeard = Date.now();
    this.pinged = false;
    for (const line of this.reader.push(chunk)) {
      if (this.closed) return;
      if (line === 'too_long') {
        this.numeric('417', 'Input line was too long');
        continue;
      }
      const parsed = parseLine(line);
      if (parsed === 'empty') continue;
      if (parsed === 'invalid_utf8') this.send({ source: this.source, command: 'FAIL', params: ['*', 'INVALID_UTF8', 'Lines must be UTF-8'] });
      else if (parsed === 'nul') this.numeric('400', '*', 'Lines may not contain NUL');
      else if (parsed === 'too_long') this.numeric('417', 'Input line was too long');
      else if (parsed === 'malformed') this.numeric('421', '*', 'Unknown command');
      else this.dispatch(parsed);
    }
  }

  /**
   * Runs the client's commands one after the other, in the order sent (a JOIN before the PRIVMSG that follows it).
   * NOTE: a client sending faster than its commands complete is not read meanwhile: TCP holds the rest, not memory.
   */
  private dispatch(message: IrcMessage): void {
    this.pending += 1;
    if (this.pending >= pauseAtPending) this.socket.pause();
    this.queue = this.queue
      .then(() => {
        if (this.closed) return;
        if (!this.registered && !beforeRegistration.has(message.command)) return this.numeric('451', 'You have not registered');
        return this.handle(message);
      })
      .catch((error: unknown) => {
        const reason = reasonOf(error);
        if (reason.status >= 500) this.gateway.log.error({ err: error, command: message.command }, 'irc command failed');
        this.numeric('400', message.command, reason.text);
      })
      .finally(() => {
        this.pending -= 1;
        if (this.pending === resumeAtPending && !this.closed) this.socket.resume();
      });
  }

  private needs(message: IrcMessage, count: number): boolean {
    if (message.params.length >= count && message.params.slice(0, count).every((param) => param !== '' || count === 0)) return true;
    this.numeric('461', message.command, 'Not enough parameters');
    return false;
  }

  private async handle(message: IrcMessage): Promise<void> {
    const { command, params } = message;
    switch (command) {
      case 'CAP':
        return this.cap(message);
      case 'AUTHENTICATE':
        return this.authenticate(message);
      case 'PASS':
        if (!this.needs(message, 1)) return;
        if (this.registered) return this.numeric('462', 'You may not reregister');
        this.password = params[0];
        return;
      case 'NICK':
        if (!this.registered) {
          if (!this.needs(message, 1)) return this.numeric('431', 'No nickname given');
          this.requestedNick = params[0];
          return this.tryRegister();
        }
        if (!params[0]) return this.numeric('431', 'No nickname given');
        return this.changeNick(params[0]);
      case 'USER':
        if (!this.needs(message, 4)) return;
        if (this.registered) return this.numeric('462', 'You may not reregister');
        this.userName = params[0];
        return this.tryRegister();
      case 'PING':
        if (!this.needs(message, 1)) return this.numeric('409', 'No origin specified');
        return this.send({ source: this.source, command: 'PONG', params: [this.source, params[0]!] });
      case 'PONG':
        return;
      case 'QUIT':
        return this.close(params[0] ? `Quit: ${params[0]}` : 'Quit');
      case 'JOIN':
        if (!this.needs(message, 1)) return;
        if (params[0] === '0') return this.partAll();
        for (const target of params[0]!.split(',')) await this.join(target, false);
        return;
      case 'PART':
        if (!this.needs(message, 1)) return;
        for (const target of params[0]!.split(',')) await this.part(target);
        return;
      case 'PRIVMSG':
      case 'NOTICE':
        if (!params[0]) return command === 'PRIVMSG' ? this.numeric('411', `No recipient given (${command})`) : undefined;
        if (params[1] === undefined || params[1] === '') return command === 'PRIVMSG' ? this.numeric('412', 'No text to send') : undefined;
        for (const target of params[0].split(',')) await this.privmsg(command, target, params[1], message.tags);
        return;
      case 'TAGMSG':
        if (!this.needs(message, 1)) return;
        return this.tagmsg(params[0]!, message.tags);
      case 'TOPIC':
        if (!this.needs(message, 1)) return;
        return this.topic(params[0]!, params[1]);
      case 'NAMES':
        if (!params[0]) return this.numeric('366', '*', 'End of /NAMES list');
        for (const target of params[0].split(',')) this.names(target);
        return;
      case 'WHO':
        return this.who(params[0] ?? '*');
      case 'WHOIS':
        if (!this.needs(message, 1)) return this.numeric('431', 'No nickname given');
        return this.whois(params[params.length - 1]!);
      case 'MODE':
        if (!this.needs(message, 1)) return;
        return this.mode(params);
      case 'KICK':
        if (!this.needs(message, 2)) return;
        return this.kick(params[0]!, params[1]!, params[2]);
      case 'AWAY':
        return params[0] ? this.numeric('306', 'You have been marked as being away') : this.numeric('305', 'You are no longer marked as being away');
      case 'MOTD':
        return this.numeric('422', 'MOTD File is missing');
      case 'LUSERS':
        return this.numeric('251', `There are ${this.gateway.count()} users on this server's IRC gateway`);
      case 'ISON':
        return this.numeric('303', params.filter((name) => this.knows(name)).join(' '));
      case 'USERHOST':
        return this.numeric('302', params.filter((name) => this.knows(name)).map((name) => `${name}=+${name}@${this.source}`).join(' '));
      case 'LIST':
        return this.list();
      default:
        return this.numeric('421', command, 'Unknown command');
    }
  }

  // ——— registration ———

  private async cap({ params }: IrcMessage): Promise<void> {
    const sub = (params[0] ?? '').toUpperCase();
    if (sub === 'LS') {
      if (!this.registered) this.negotiating = true;
      const v302 = Number(params[1] ?? 0) >= 302;
      const offered = capabilities.map((cap) => (cap === 'sasl' && v302 ? 'sasl=PLAIN' : cap)).join(' ');
      this.send({ source: this.source, command: 'CAP', params: [this.nick, 'LS', offered] });
    } else if (sub === 'REQ') {
      if (!this.registered) this.negotiating = true;
      const wanted = (params[1] ?? '').split(' ').filter(Boolean);
      const known = new Set<string>(capabilities);
      const ok = wanted.every((cap) => known.has(cap.replace(/^-/, '')));
      if (ok) for (const cap of wanted) if (cap.startsWith('-')) this.caps.delete(cap.slice(1)); else this.caps.add(cap);
      this.send({ source: this.source, command: 'CAP', params: [this.nick, ok ? 'ACK' : 'NAK', params[1] ?? ''] });
    } else if (sub === 'LIST') {
      this.send({ source: this.source, command: 'CAP', params: [this.nick, 'LIST', [...this.caps].join(' ')] });
    } else if (sub === 'END') {
      this.negotiating = false;
      await this.tryRegister();
    } else {
      this.numeric('410', sub || '*', 'Invalid CAP command');
    }
  }

  private async authenticate({ params }: IrcMessage): Promise<void> {
    if (this.account) return this.numeric('907', 'You have already authenticated using SASL');
    const value = params[0] ?? '';
    if (value === '*') {
      this.saslBuffer = undefined;
      return this.numeric('906', 'SASL authentication aborted');
    }
    if (this.saslBuffer === undefined) {
      if (value.toUpperCase() !== 'PLAIN') return this.numeric('908', 'PLAIN', 'are available SASL mechanisms');
      this.saslBuffer = '';
      return this.send({ command: 'AUTHENTICATE', params: ['+'] });
    }
    if (value !== '+') this.saslBuffer += value;
    if (this.saslBuffer.length > 1200) {
      this.saslBuffer = undefined;
      return this.numeric('905', 'SASL message too long');
    }
    // NOTE: a piece of 400 bytes means more follow (SASL's chunking); a shorter one, or `+`, ends the message.
    if (value.length === 400) return;
    const [, login = '', secret = ''] = Buffer.from(this.saslBuffer, 'base64').toString('utf8').split('\0');
    this.saslBuffer = undefined;
    const outcome = await this.gateway.login(this.address, login, secret);
    if ('refused' in outcome) {
      this.saslFailed = outcome;
      return this.numeric('904', `SASL authentication failed: ${outcome.refused}`);
    }
    this.account = outcome;
    this.saslFailed = undefined;
    this.numeric('900', this.mask(this.requestedNick ?? outcome.username), outcome.username, `You are now logged in as ${outcome.username}`);
    this.numeric('903', 'SASL authentication successful');
  }

  private async tryRegister(): Promise<void> {
    if (this.registered || this.negotiating || !this.requestedNick || !this.userName || this.closed) return;
    if (!this.account && this.password !== undefined) {
      // NOTE: `PASS username:password`, or `PASS password` with the username in USER, for clients without SASL.
      const colon = this.password.indexOf(':');
      const [login, secret] = colon > 0 ? [this.password.slice(0, colon), this.password.slice(colon + 1)] : [this.userName, this.password];
      const outcome = await this.gateway.login(this.address, login, secret);
      if ('refused' in outcome) {
        this.numeric(outcome.banned ? '465' : '464', outcome.refused);
        return this.close(`Authentication failed: ${outcome.refused}`);
      }
      this.account = outcome;
    }
    if (!this.account) {
      const failed = this.saslFailed;
      this.numeric(failed?.banned ? '465' : '464', failed?.refused ?? 'Papo needs your account: SASL PLAIN or PASS username:password');
      return this.close(`Authentication failed: ${failed?.refused ?? 'no SASL or PASS given'}`);
    }
    const refusal = this.gateway.admit(this, this.account.id);
    if (refusal) return this.close(refusal);
    this.registered = true;
    this.nick = (await this.gateway.selectedNickname(this.account.id)) ?? this.account.username;
    try {
      this.bridge = await this.connectBridge(this.account);
    } catch (error) {
      return this.close(error instanceof Error ? reasonOfKey(error.message as never) : 'service_unavailable');
    }
    this.welcome();
    if (this.requestedNick && lower(this.requestedNick) !== lower(this.nick)) await this.changeNick(this.requestedNick, true);
    await this.followConversations();
  }

  private welcome(): void {
    const name = this.gateway.serverName;
    this.numeric('001', `Welcome to Papo, ${this.mask(this.nick)}`);
    this.numeric('002', `Your host is ${name}, running Papo`);
    this.numeric('003', 'This server speaks IRC for Papo');
    this.numeric('004', name, 'papo', 'i', 'bnt');
    this.numeric(
      '005',
      'CASEMAPPING=ascii',
      'CHANTYPES=#',
      'PREFIX=(qaov)~&@+',
      'CHANMODES=b,,,nt',
      'NETWORK=Papo',
      'NICKLEN=31',
      'CHANNELLEN=32',
      'TOPICLEN=300',
      'UTF8ONLY',
      'are supported by this server',
    );
    this.numeric('422', 'MOTD File is missing');
  }

  /** The node's own Socket.IO, as a member's tab: presence, rooms and every broadcast as the web gets them. */
  private async connectBridge(account: { id: number; username: string; roles: string[] }): Promise<Bridge> {
    const token = await this.gateway.tokens.signAccessToken({ userId: account.id, username: account.username, roles: account.roles });
    const bridge: Bridge = connectSocket(this.gateway.socketUrl(), {
      path: socketPath,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    await new Promise<void>((resolve, reject) => {
      bridge.once('connect', () => resolve());
      bridge.once('connect_error', (error: Error & { data?: { message?: string } }) => {
        bridge.disconnect();
        reject(new Error(error.data?.message ?? 'service_unavailable'));
      });
    });
    this.listen(bridge);
    return bridge;
  }

  private emitJoin(room: string, create: boolean): Promise<RoomAck> {
    const bridge = this.bridge;
    if (!bridge) return Promise.resolve({ ok: false, message: 'disconnected' });
    return bridge.timeout(10_000).emitWithAck('join', room, { create }).catch(() => ({ ok: false, message: 'service_unavailable' }) as RoomAck);
  }

  // ——— what the web hears, as IRC ———

  private listen(bridge: Bridge): void {
    bridge.on('disconnect', () => {
      if (!this.closed) this.close(this.gateway.closing() ? 'Server shutting down' : 'Connection to Papo lost');
    });
    bridge.on('users', (users, room) => this.onUsers(users, room));
    bridge.on('user-joined', (first, ...more) => this.onJoined(first.room, [first.user, ...more]));
    bridge.on('user-left', (userId, room, ...more) => this.onLeft(room, [userId, ...more]));
    bridge.on('new-message', (message) => this.onChannelMessage(message));
    bridge.on('topic-updated', ({ content, channel }) => {
      if (this.channels.has(lower(channel))) this.send({ source: this.source, command: 'TOPIC', params: [channel, content] });
    });
    bridge.on('nickname-changed', (user) => this.onNickname(user));
    bridge.on('level-changed', ({ channel, userId, level }) => this.onLevel(channel, userId, level));
    bridge.on('user-kicked', ({ channel, userId, nickname, by, reason }) => {
      if (!this.channels.has(lower(channel))) return;
      this.send({ source: this.mask(by), command: 'KICK', params: [channel, nickname, reason ?? by] });
      if (userId === this.account?.id) this.channels.delete(lower(channel));
      else this.channels.get(lower(channel))?.members.delete(userId);
    });
    bridge.on('user-banned', ({ channel, nickname, by }) => {
      if (this.channels.has(lower(channel))) this.send({ source: this.mask(by), command: 'MODE', params: [channel, '+b', `${nickname}!*@*`] });
    });
    bridge.on('user-unbanned', ({ channel, nickname, by }) => {
      if (this.channels.has(lower(channel))) this.send({ source: this.mask(by), command: 'MODE', params: [channel, '-b', `${nickname}!*@*`] });
    });
    bridge.on('new_message', (message) => this.onPrivateMessage(message));
    bridge.on('typing', ({ is_typing, conversation_id }) => {
      const partner = this.partners.get(conversation_id);
      if (!partner || !this.caps.has('message-tags')) return;
      this.send({ tags: new Map([['+typing', is_typing ? 'active' : 'done']]), source: this.mask(partner.nickname), command: 'TAGMSG', params: [this.nick] });
    });
    bridge.on('new-notification', (notification) => {
      const { privateMessage, conversationOpened } = notificationTypes;
      if (notification.type === privateMessage || notification.type === conversationOpened) void this.followConversations();
    });
  }

  private onUsers(users: OnlineUser[], room: string): void {
    const key = lower(room);
    if (!room.startsWith('#')) return;
    const state: ChannelState = { members: new Map(users.map((user) => [user.id, { nickname: user.nickname, level: user.level ?? 0 }])) };
    this.channels.set(key, state);
  }

  private onJoined(room: string, users: OnlineUser[]): void {
    const state = this.channels.get(lower(room));
    if (!state) return;
    for (const user of users) {
      if (user.id === this.account?.id || state.members.has(user.id)) continue;
      state.members.set(user.id, { nickname: user.nickname, level: user.level ?? 0 });
      this.send({ source: this.mask(user.nickname), command: 'JOIN', params: [room] });
      const prefix = levelPrefix(user.level ?? 0);
      if (prefix) this.send({ source: this.source, command: 'MODE', params: [room, `+${prefixModes[prefix]}`, user.nickname] });
    }
  }

  private onLeft(room: string, userIds: number[]): void {
    const state = this.channels.get(lower(room));
    if (!state) return;
    for (const userId of userIds) {
      if (userId === this.account?.id) continue;
      const member = state.members.get(userId);
      if (!member) continue;
      state.members.delete(userId);
      this.send({ source: this.mask(member.nickname), command: 'PART', params: [room] });
    }
  }

  private onChannelMessage(message: ChannelMessage): void {
    if (!this.channels.has(lower(message.channel))) return;
    const own = this.ownMessages.delete(message.id);
    if (own && !this.caps.has('echo-message')) return;
    const from = message.username ?? '*';
    const tags = this.tags(message.timestamp, [['msgid', message.id]]);
    const withAccount = this.caps.has('account-tag') ? new Map(tags ?? []).set('account', from) : tags;
    for (const piece of splitText(message.text, maxLineBytes - 100 - from.length * 2 - message.channel.length)) {
      const text = message.kind === 'action' ? `${ctcp}ACTION ${piece}${ctcp}` : piece;
      this.send({ tags: withAccount, source: this.mask(from), command: 'PRIVMSG', params: [message.channel, text] });
    }
  }

  private onNickname(user: OnlineUser): void {
    if (user.id === this.account?.id) {
      this.renamed(user.nickname);
      return;
    }
    let old: string | undefined;
    for (const state of this.channels.values()) {
      const member = state.members.get(user.id);
      if (!member) continue;
      old ??= member.nickname;
      member.nickname = user.nickname;
    }
    for (const partner of this.partners.values()) if (partner.userId === user.id) partner.nickname = user.nickname;
    if (old && old !== user.nickname) this.send({ source: this.mask(old), command: 'NICK', params: [user.nickname] });
  }

  /** This member chats under another nickname now (from IRC, the web or another node): said once. */
  private renamed(nickname: string): void {
    if (nickname === this.nick) return;
    const old = this.nick;
    this.nick = nickname;
    for (const state of this.channels.values()) {
      const me = this.account && state.members.get(this.account.id);
      if (me) me.nickname = nickname;
    }
    this.send({ source: this.mask(old), command: 'NICK', params: [nickname] });
  }

  private onLevel(channel: string, userId: number, level: number): void {
    const state = this.channels.get(lower(channel));
    const member = state?.members.get(userId);
    if (!member) return;
    const before = levelPrefix(member.level);
    const after = levelPrefix(level);
    member.level = level;
    if (before === after) return;
    if (before) this.send({ source: this.source, command: 'MODE', params: [channel, `-${prefixModes[before]}`, member.nickname] });
    if (after) this.send({ source: this.source, command: 'MODE', params: [channel, `+${prefixModes[after]}`, member.nickname] });
  }

  private onPrivateMessage(message: ConversationMessage): void {
    const partner = this.partners.get(message.conversationId);
    if (!partner) return;
    const mine = message.senderId === this.account?.id;
    if (mine && !this.caps.has('echo-message')) return;
    const [from, to] = mine ? [this.nick, partner.nickname] : [partner.nickname, this.nick];
    const tags = this.tags(message.timestamp, [['msgid', String(message.id)]]);
    for (const piece of splitText(message.content, maxLineBytes - 100 - from.length * 2 - to.length)) {
      this.send({ tags, source: this.mask(from), command: 'PRIVMSG', params: [to, piece] });
    }
  }

  /** Joins the rooms of the member's conversations not followed yet, so their messages reach this client. */
  private async followConversations(): Promise<void> {
    if (!this.account) return;
    const summaries = await this.gateway.conversations(this.account.id);
    for (const summary of summaries) {
      if (this.partners.has(summary.id)) continue;
      this.partners.set(summary.id, { conversationId: summary.id, userId: summary.user.id, nickname: summary.name });
      const ack = await this.emitJoin(`conversation_${summary.id}`, false);
      if (!ack.ok) this.partners.delete(summary.id);
      else if (summary.unread > 0 && summary.lastMessageAt) await this.replayUnread(summary.id, summary.unread, summary.lastMessageAt);
    }
  }

  /**
   * A conversation this client just started following had messages it did not hear: the unread ones up to the
   * newest it was told of are shown now (a later one came through the room, once).
   */
  private async replayUnread(conversationId: number, unread: number, until: string): Promise<void> {
    const messages = await this.gateway.recentMessages(this.account!.id, conversationId);
    const missed = messages.filter((message) => message.senderId !== this.account?.id && message.timestamp <= until).slice(-unread);
    for (const message of missed) this.onPrivateMessage({ ...message, conversationId, senderName: '' });
  }

  // ——— what IRC does, through Papo's services ———

  private async join(target: string, create: boolean): Promise<void> {
    const name = channelOf(target);
    if (!name) return this.numeric('403', target, 'No such channel');
    if (this.channels.has(lower(target))) return;
    const ack = await this.emitJoin(`#${name}`, create);
    if (!ack.ok) {
      if (ack.message === 'banned') return this.numeric('474', target, `Cannot join channel (+b): ${reasonOfKey(ack.message)}`);
      if (ack.message === 'channel_not_found') {
        return this.numeric('403', target, `No such channel; to found it: /msg ChanServ REGISTER ${target}`);
      }
      return this.numeric('403', target, reasonOfKey(ack.message));
    }
    const channel = `#${name}`;
    this.send({ source: this.mask(this.nick), command: 'JOIN', params: [channel] });
    await this.topic(channel, undefined);
    this.names(channel);
  }

  private async part(target: string): Promise<void> {
    if (!this.channels.has(lower(target))) return this.numeric('442', target, "You're not on that channel");
    this.channels.delete(lower(target));
    await this.bridge?.timeout(10_000).emitWithAck('leave', target).catch(() => undefined);
    this.send({ source: this.mask(this.nick), command: 'PART', params: [target] });
  }

  private async partAll(): Promise<void> {
    for (const [key] of [...this.channels]) await this.part(key);
  }

  private async privmsg(command: 'PRIVMSG' | 'NOTICE', target: string, text: string, tags: Map<string, string>): Promise<void> {
    const refuse = (code: string, reason: string) => (command === 'PRIVMSG' ? this.numeric(code, target, reason) : undefined);
    const name = channelOf(target);
    if (name) {
      const action = ctcpAction(text);
      // NOTE: other CTCP (VERSION, PING…) to a channel is an IRC client's business, not a line for the web.
      if (action === undefined && text.startsWith(ctcp)) return refuse('404', 'CTCP other than ACTION is not relayed');
      const body = sendMessageBody.safeParse({ channel: name, text: action === undefined ? text : `/me ${action}` });
      if (!body.success) return refuse('404', `Cannot send to channel: ${body.error.issues[0]?.message ?? 'invalid'}`);
      try {
        const sent = await this.gateway.sendChannelMessage(this.account!.id, body.data);
        this.ownMessages.add(sent.id);
      } catch (error) {
        refuse('404', `Cannot send to channel: ${reasonOf(error).text}`);
      }
      return;
    }
    if (isServiceName(target)) {
      if (command === 'NOTICE') return;
      return answerService(this.serviceContext(), target, text);
    }
    if (text.startsWith(ctcp)) return refuse('401', 'CTCP to members is not relayed');
    await this.privateMessage(target, text, tags, command === 'PRIVMSG');
  }

  private async privateMessage(target: string, text: string, _tags: Map<string, string>, answer: boolean): Promise<void> {
    const partner = await this.partnerNamed(target);
    if ('refused' in partner) return answer ? this.numeric('401', target, partner.refused) : undefined;
    try {
      await this.gateway.sendPrivateMessage(this.account!.id, partner.conversationId, text);
    } catch (error) {
      if (answer) this.numeric('401', target, reasonOf(error).text);
    }
  }

  /** The conversation with the member called `nickname`, opened (and followed) on first use. */
  private async partnerNamed(nickname: string): Promise<Partner | { refused: string }> {
    for (const partner of this.partners.values()) if (lower(partner.nickname) === lower(nickname)) return partner;
    try {
      const member = await this.gateway.memberNamed(nickname);
      if (!member) return { refused: 'No such nick' };
      const conversationId = await this.gateway.openConversation(this.account!.id, member.id);
      const known = this.partners.get(conversationId);
      if (known) return known;
      const partner = { conversationId, userId: member.id, nickname: member.nickname };
      this.partners.set(conversationId, partner);
      const ack = await this.emitJoin(`conversation_${conversationId}`, false);
      if (!ack.ok) {
        this.partners.delete(conversationId);
        return { refused: reasonOfKey(ack.message) };
      }
      return partner;
    } catch (error) {
      return { refused: reasonOf(error).text };
    }
  }

  private async tagmsg(target: string, tags: Map<string, string>): Promise<void> {
    const typing = tags.get('+typing');
    if (typing === undefined || target.startsWith('#')) return;
    const partner = await this.partnerNamed(target);
    if ('refused' in partner) return;
    await this.gateway.typing(this.account!.id, partner.conversationId, typing === 'active').catch(() => undefined);
  }

  private async topic(target: string, content: string | undefined): Promise<void> {
    const name = channelOf(target);
    if (!name) return this.numeric('403', target, 'No such channel');
    if (content === undefined) {
      const channel = await this.gateway.findChannel(name);
      if (!channel) return this.numeric('403', target, 'No such channel');
      if (!channel.topic) return this.numeric('331', target, 'No topic is set');
      this.numeric('332', target, channel.topic);
      if (channel.topicBy) this.numeric('333', target, channel.topicBy, String(Math.floor(Date.parse(channel.topicAt ?? '') / 1000) || 0));
      return;
    }
    const body = updateTopicBody.safeParse({ channel: name, content });
    if (!body.success) return this.numeric('400', 'TOPIC', body.error.issues[0]?.message ?? 'invalid');
    try {
      await this.gateway.updateTopic(this.account!.id, body.data.channel, body.data.content);
    } catch (error) {
      const reason = reasonOf(error);
      this.numeric(reason.key === 'not_channel_operator' ? '482' : '400', target, reason.text);
    }
  }

  private names(target: string): void {
    const state = this.channels.get(lower(target));
    if (state) {
      const sorted = [...state.members.values()].sort((a, b) => b.level - a.level || a.nickname.localeCompare(b.nickname));
      let line: string[] = [];
      const flush = () => {
        if (line.length) this.numeric('353', '=', target, line.join(' '));
        line = [];
      };
      for (const member of sorted) {
        line.push(`${levelPrefix(member.level)}${member.nickname}`);
        if (line.join(' ').length > 380) flush();
      }
      flush();
    }
    this.numeric('366', target, 'End of /NAMES list');
  }

  private who(target: string): void {
    const state = this.channels.get(lower(target));
    for (const member of state?.members.values() ?? []) {
      const prefix = levelPrefix(member.level);
      this.numeric('352', target, member.nickname, this.source, this.source, member.nickname, `H${prefix}`, `0 ${member.nickname}`);
    }
    this.numeric('315', target, 'End of WHO list');
  }

  private async whois(nickname: string): Promise<void> {
    try {
      const { data } = await this.gateway.whois(nickname);
      this.numeric('311', data.nickname, data.nickname, this.source, '*', data.nickname);
      const fields: [string, string | number | null][] = [
        ['Gender', data.gender],
        ['Age', data.age],
        ['Instagram', data.instagram],
        ['YouTube', data.youtube],
        ['Welcome message', data.welcomeMessage],
      ];
      for (const [label, value] of fields) if (value !== null && value !== '') this.numeric('320', data.nickname, `${label}: ${value}`);
      const channels = [...this.channels.entries()].filter(([, state]) => [...state.members.values()].some((m) => lower(m.nickname) === lower(data.nickname)));
      if (channels.length) this.numeric('319', data.nickname, channels.map(([name]) => name).join(' '));
      this.numeric('312', data.nickname, this.source, 'Papo');
      this.numeric('318', data.nickname, 'End of /WHOIS list');
    } catch (error) {
      this.numeric('401', nickname, reasonOf(error).text);
      this.numeric('318', nickname, 'End of /WHOIS list');
    }
  }

  private async mode(params: string[]): Promise<void> {
    const [target, modes] = params as [string, string | undefined];
    if (!target.startsWith('#')) {
      if (lower(target) !== lower(this.nick)) return this.numeric('502', "Can't change mode for other users");
      return this.numeric('221', '+i');
    }
    if (modes === undefined) return this.numeric('324', target, '+nt');
    if (modes === 'b' || modes === '+b' && params.length === 2) return this.numeric('368', target, 'End of channel ban list');
    let sign: '+' | '-' = '+';
    let next = 2;
    for (const letter of modes) {
      if (letter === '+' || letter === '-') {
        sign = letter;
        continue;
      }
      const argument = params[next++];
      if (!'bova'.includes(letter)) {
        this.numeric('472', letter, 'is an unknown mode char to me');
        continue;
      }
      if (!argument) {
        this.numeric('461', 'MODE', 'Not enough parameters');
        continue;
      }
      const nickname = argument.split('!')[0]!;
      await this.serviceAct(target, nickname, letter === 'b' ? (sign === '+' ? 'BAN' : 'UNBAN') : levelAct(sign, letter), null);
    }
  }

  private async kick(target: string, nickname: string, reason: string | undefined): Promise<void> {
    await this.serviceAct(target, nickname.split(',')[0]!, 'KICK', reason ?? null);
  }

  /** One ChanServ act under PEACE from IRC's KICK or MODE; a refusal answers with the numeric IRC clients know. */
  private async serviceAct(target: string, nickname: string, act: Parameters<Gateway['act']>[1]['act'], reason: string | null): Promise<void> {
    const name = channelOf(target);
    if (!name) return this.numeric('403', target, 'No such channel');
    try {
      await this.gateway.act(this.account!.id, { act, channel: name, nickname, reason });
    } catch (error) {
      const why = reasonOf(error);
      if (why.key === 'user_not_found') return this.numeric('401', nickname, why.text);
      if (why.key === 'target_not_in_channel') return this.numeric('441', nickname, target, why.text);
      this.numeric(why.status === 403 ? '482' : '400', target, why.text);
    }
  }

  private async changeNick(wanted: string, quiet = false): Promise<void> {
    if (lower(wanted) === lower(this.nick)) return;
    const bridge = this.bridge;
    if (!bridge) return;
    const ack: SocketAck = await bridge
      .timeout(10_000)
      .emitWithAck('change-nickname', { oldNickname: this.nick, newNickname: wanted })
      .catch(() => ({ ok: false, message: 'service_unavailable' }) as SocketAck);
    if (ack.ok) return this.renamed(wanted);
    if (ack.message === 'invalid_nickname') return this.numeric('432', wanted, 'Erroneous nickname');
    if (ack.message === 'nickname_not_found') {
      return this.numeric('433', wanted, quiet ? 'Nickname is not one of yours; you chat under your selected nickname' : 'Nickname is not one of yours (add it on Papo first)');
    }
    this.numeric('400', 'NICK', reasonOfKey(ack.message));
  }

  private knows(name: string): boolean {
    for (const state of this.channels.values()) for (const member of state.members.values()) if (lower(member.nickname) === lower(name)) return true;
    return false;
  }

  private async list(): Promise<void> {
    this.numeric('321', 'Channel', 'Users  Name');
    for (const channel of await this.gateway.channelList()) this.numeric('322', `#${channel.name}`, '0', channel.topic ?? '');
    this.numeric('323', 'End of /LIST');
  }

  private serviceContext(): ServiceContext {
    return {
      gateway: this.gateway,
      userId: this.account!.id,
      reply: (service, text) => this.notice(text, `${service}!${service}@${this.gateway.serverName}`),
      register: (channel) => this.join(channel, true),
    };
  }
}

function levelAct(sign: '+' | '-', letter: string): 'OP' | 'DEOP' | 'VOICE' | 'DEVOICE' | 'MASTER' | 'DEMASTER' {
  if (letter === 'o') return sign === '+' ? 'OP' : 'DEOP';
  if (letter === 'v') return sign === '+' ? 'VOICE' : 'DEVOICE';
  return sign === '+' ? 'MASTER' : 'DEMASTER';
}
