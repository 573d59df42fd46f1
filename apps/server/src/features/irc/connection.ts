/** One IRC client of the gateway: its state, what it writes, and the commands it reads, in order. */
import type { Socket as NetSocket } from 'node:net';
import type { RoomAck } from '@papo/contract/socket-events';
import { joinRoom } from '../../realtime/join-room.js';
import type { NodeMember } from '../../realtime/node-member.js';
import type { Gateway, GatewayConnection, IrcAccount, IrcRefusal } from './gateway-types.js';
import { formatLine, type IrcMessage, LineReader, parseLine } from './line.js';
import type { ChannelState } from './channel-views.js';
import type { Partner } from './names.js';
import { reasonOf } from './replies.js';

/** A connection past registration: its account is known (`IrcConnection.isRegistered`). */
export type RegisteredConnection = IrcConnection & { account: IrcAccount };

/**
 * Answers one command of the client (commands.ts), so the connection knows nothing of the commands it carries.
 */
export type CommandHandler = (connection: IrcConnection, message: IrcMessage) => Promise<void>;

/** At least `N` parameters, the first `N` typed as present (`IrcConnection.needs`). */
type Params<N extends number, Known extends string[] = []> = Known['length'] extends N
  ? [...Known, ...string[]]
  : Params<N, [...Known, string]>;

/** What the link is told when the node stops: to come back, as the node that takes over will have it. */
const restartNotice = 'The server is restarting: reconnect in a few seconds';
export const restartReason = 'server restarting, reconnect';

/** The answer of a request the node could not complete. */
export const unavailable = { ok: false, message: 'service_unavailable' } as const;

/** Bytes of lines held for one write (`IrcConnection.send`); past them the lines go out at once. */
const gatherBytes = 16 * 1024;

/** Commands waiting their turn at which the client is no longer read, and at which it is read again. */
const pauseAtPending = 64;
const resumeAtPending = 8;

/**
 * One IRC client: registration (CAP, SASL or PASS, NICK, USER), then a member of its node's rooms (`member`) that
 * hears everything the web's sockets hear, and Papo's services for everything they do.
 */
export class IrcConnection implements GatewayConnection {
  readonly reader = new LineReader();
  readonly caps = new Set<string>();
  negotiating = false;
  requestedNick: string | undefined;
  userName: string | undefined;
  password: string | undefined;
  saslBuffer: string | undefined;
  saslFailed: IrcRefusal | undefined;
  account: IrcAccount | undefined;
  nick = '*';
  registered = false;
  closed = false;
  /** The link in the node's rooms, once registered. */
  member: NodeMember | undefined;
  /** The link's sign-in among the member's devices, once registered. */
  sessionId: string | undefined;
  readonly channels = new Map<string, ChannelState>();
  readonly partners = new Map<number, Partner>();
  /** Ids of channel messages this connection sent, so their echo is shown only with echo-message. */
  readonly ownMessages = new Set<string>();
  pending = 0;
  queue: Promise<void> = Promise.resolve();
  lastHeard = Date.now();
  pinged = false;
  readonly timers: NodeJS.Timeout[] = [];
  /** JOINs this connection may send now, and when the last was earned (`takeJoin`). */
  private joins: number;
  private joinsEarnedAt = Date.now();

  constructor(
    readonly gateway: Gateway,
    private readonly socket: NetSocket,
    readonly address: string,
    private readonly commands: CommandHandler,
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
    this.joins = gateway.limits.joinBurst;
  }

  get userId(): number | undefined {
    return this.registered ? this.account?.id : undefined;
  }

  get source(): string {
    return this.gateway.serverName;
  }

  mask(nickname: string): string {
    return `${nickname}!${nickname}@${this.gateway.serverName}`;
  }

  /**
   * Writes one line; a client that does not read what it is sent is cut off rather than held in memory.
   * the lines of one turn of the event loop (a relayed event, a command's answers) are held (`cork`) and go out
   * in one write, one system call, once the turn is over (`setImmediate`), or as soon as `gatherBytes` are held, so
   * the SendQ measures what the client left unread, not what this turn wrote; `close` (its ERROR after them) and
   * `end` send whatever is held first.
   */
  send(message: Parameters<typeof formatLine>[0]): void {
    this.write(`${formatLine(message)}\r\n`);
  }

  /** Writes lines already formatted (each ending in CRLF), under `send`'s rules. */
  write(lines: string | Buffer): void {
    if (this.closed) return;
    if (this.socket.writableLength >= gatherBytes) this.uncork();
    if (this.socket.writableLength > this.gateway.limits.sendQueueBytes) {
      this.close('SendQ exceeded: the client is not reading');
      return;
    }
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      setImmediate(this.uncork);
    }
    this.socket.write(lines);
  }

  private corked = false;
  private readonly uncork = () => {
    if (!this.corked) return;
    this.corked = false;
    this.socket.uncork();
  };

  numeric(code: string, ...params: string[]): void {
    this.send({ source: this.source, command: code, params: [this.nick, ...params] });
  }

  notice(text: string, from = this.source): void {
    this.send({ source: from, command: 'NOTICE', params: [this.nick, text] });
  }

  /** Tags of a line relayed to this client: the time when it asked for server-time, more when message-tags. */
  tags(at: string | undefined, extra: [string, string][] = []): Map<string, string> | undefined {
    const tags = new Map<string, string>();
    if (at && this.caps.has('server-time')) tags.set('time', new Date(at).toISOString());
    if (this.caps.has('message-tags')) for (const [key, value] of extra) tags.set(key, value);
    return tags.size ? tags : undefined;
  }

  /**
   * Whether the client may join one more channel now: a burst of `joinBurst`, then one each `joinRefillMs`, so a
   * storm of JOINs (each a database read) costs the node a bounded rate whatever the client sends.
   */
  takeJoin(): boolean {
    const { joinBurst, joinRefillMs } = this.gateway.limits;
    const now = Date.now();
    const earned = Math.floor((now - this.joinsEarnedAt) / joinRefillMs);
    if (earned > 0) {
      this.joins = Math.min(joinBurst, this.joins + earned);
      this.joinsEarnedAt = this.joins === joinBurst ? now : this.joinsEarnedAt + earned * joinRefillMs;
    }
    if (this.joins === 0) return false;
    this.joins -= 1;
    return true;
  }

  /** Says why and closes; the one way a connection ends from this side. */
  close(reason: string): void {
    if (this.closed) return;
    this.socket.write(`${formatLine({ command: 'ERROR', params: [`Closing link: ${this.address} (${reason})`] })}\r\n`);
    this.closed = true;
    this.socket.end();
    // a client that never reads would keep the socket half-open; it goes after a grace period.
    setTimeout(() => this.socket.destroy(), 2_000).unref();
    this.dispose();
  }

  /** The node is stopping: the client is told to come back (to the node that takes over), then closed. */
  closeForRestart(): void {
    if (this.closed) return;
    this.notice(restartNotice);
    this.close(restartReason);
  }

  dispose(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    const member = this.member;
    this.member = undefined;
    member?.disconnect();
    for (const key of [...this.channels.keys()]) this.leaveChannel(key);
    if (this.sessionId) this.gateway.endLink(this.sessionId);
    this.sessionId = undefined;
    this.gateway.forget(this);
  }

  keepalive(): void {
    const silentMs = Date.now() - this.lastHeard;
    if (this.pinged && silentMs >= this.gateway.limits.pingIntervalMs * 2) return this.close('Ping timeout');
    if (silentMs >= this.gateway.limits.pingIntervalMs) {
      this.pinged = true;
      this.send({ command: 'PING', params: [this.source] });
    }
  }

  onData(chunk: Buffer): void {
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
      if (parsed === 'invalid_utf8')
        this.send({ source: this.source, command: 'FAIL', params: ['*', 'INVALID_UTF8', 'Lines must be UTF-8'] });
      else if (parsed === 'nul') this.numeric('400', '*', 'Lines may not contain NUL');
      else if (parsed === 'too_long') this.numeric('417', 'Input line was too long');
      else if (parsed === 'malformed') this.numeric('421', '*', 'Unknown command');
      else this.dispatch(parsed);
    }
  }

  /**
   * Runs the client's commands one after the other, in the order sent (a JOIN before the PRIVMSG that follows it).
   * a client sending faster than its commands complete is not read meanwhile: TCP holds the rest, not memory.
   */
  dispatch(message: IrcMessage): void {
    this.pending += 1;
    if (this.pending >= pauseAtPending) this.socket.pause();
    this.queue = this.queue
      .then(() => {
        if (this.closed) return;
        return this.commands(this, message);
      })
      .catch((error: unknown) => {
        const reason = reasonOf(error);
        if (reason.status >= 500)
          this.gateway.log.error({ err: error, command: message.command }, 'irc command failed');
        this.numeric('400', message.command, reason.text);
      })
      .finally(() => {
        this.pending -= 1;
        if (this.pending === resumeAtPending && !this.closed) this.socket.resume();
      });
  }

  /** Whether the first `count` parameters are there and not empty; when not, the client is told (461). */
  needs<N extends number>(command: string, params: string[], count: N): params is Params<N> {
    if (params.length >= count && params.slice(0, count).every((param) => param !== '')) return true;
    this.numeric('461', command, 'Not enough parameters');
    return false;
  }

  /** Registered with an account: what every command after registration may rely on. */
  isRegistered(): this is RegisteredConnection {
    return this.registered && this.account !== undefined;
  }

  /** Joins a channel or conversation room as a tab's `join` does, under the same rules. */
  async joinRoom(room: string, create: boolean): Promise<RoomAck> {
    const member = this.member;
    if (!member) return { ok: false, message: 'disconnected' };
    try {
      return await joinRoom(this.gateway.realtime, member.socket, room, { create });
    } catch (error) {
      this.gateway.log.error({ err: error, room }, 'irc join failed');
      return unavailable;
    }
  }

  /** The link is no longer in the channel (a PART, a kick, the link's end). */
  leaveChannel(key: string): void {
    this.channels.get(key)?.release();
    this.channels.delete(key);
  }

  /** This member chats under another nickname now (from IRC, the web or another node): said once. */
  renamed(nickname: string): void {
    if (nickname === this.nick) return;
    const old = this.nick;
    this.nick = nickname;
    this.send({ source: this.mask(old), command: 'NICK', params: [nickname] });
  }
}
