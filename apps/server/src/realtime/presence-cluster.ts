import { isRecord } from '@papo/contract/records';
import type { Redis } from 'ioredis';
import type { PresentUser } from './presence-state.js';
import { closeRedis, createRedis } from '../lib/redis.js';
import type { RedisOutage } from '../lib/redis-outage.js';
import type { ThrottledWarn } from './throttled-warn.js';

/** One room entry a node holds. */
export interface NodeEntry {
  room: string;
  user: PresentUser;
}

/** What the other nodes' reports do to this node's view. */
export interface ClusterSink {
  added(node: string, entry: NodeEntry): void;
  removed(node: string, room: string, userId: number): void;
  replaced(node: string, entries: NodeEntry[]): void;
  dropped(node: string): void;
  /** This node's own entries, resent after the others had given it up for dead. */
  ownEntries(): NodeEntry[];
}

export interface ClusterTimings {
  /** How often a node says it is alive and looks for dead ones. */
  heartbeatMs: number;
  /** A node silent this long is dead: its users leave every room. */
  deadAfterMs: number;
}

type Op = ['+', string, PresentUser] | ['-', string, number];
/** What nodes publish; what another node sent is read item by item (`readMessage`, `apply`). */
type Message =
  { node: string; ops: readonly unknown[] } | { node: string; snapshot: readonly unknown[] } | { gone: string };

const field = (room: string, userId: number) => `${room}\n${userId}`;

function isUser(value: unknown): value is PresentUser {
  return isRecord(value) && Number.isInteger(value.id) && typeof value.nickname === 'string';
}

function isEntry(value: unknown): value is NodeEntry {
  return isRecord(value) && typeof value.room === 'string' && isUser(value.user);
}

/** A published message's envelope, or undefined for anything else. */
function readMessage(raw: string): Message | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (typeof value.gone === 'string') return { gone: value.gone };
  if (typeof value.node !== 'string') return undefined;
  if (Array.isArray(value.ops)) return { node: value.node, ops: value.ops };
  if (Array.isArray(value.snapshot)) return { node: value.node, snapshot: value.snapshot };
  return undefined;
}

function parseHash(hash: Record<string, string>): NodeEntry[] {
  const entries: NodeEntry[] = [];
  for (const [key, value] of Object.entries(hash)) {
    const cut = key.lastIndexOf('\n');
    try {
      const user: unknown = JSON.parse(value);
      if (cut > 0 && isUser(user)) entries.push({ room: key.slice(0, cut), user });
    } catch {
      // a field this version cannot read is skipped rather than failing the whole node.
    }
  }
  return entries;
}

/**
 * Shares presence between nodes through Redis (decision 014). Each node keeps its own entries in a
 * hash of its own (`<key>:node:<id>`, field `<room>\n<userId>`) and publishes every change; the
 * others apply the change to their in-memory view. A node refreshes `<key>:alive:<id>` every
 * heartbeat; when it expires, any node drops the dead node's users and one of them deletes its hash.
 */
export class PresenceCluster {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly channel: string;
  private readonly nodes: string;
  private readonly known = new Set<string>();
  private ops: Op[] = [];
  private flushScheduled = false;
  private loading: Message[] | null = [];
  private heartbeat: NodeJS.Timeout | undefined;
  private everReady = false;
  /** Whether the other nodes' entries have been read since the last (re)connection. */
  private loaded = false;
  private ticking = false;
  private closed = false;

  constructor(
    url: string,
    private readonly key: string,
    private readonly nodeId: string,
    private readonly sink: ClusterSink,
    private readonly timings: ClusterTimings,
    private readonly warn: ThrottledWarn,
    outage: RedisOutage,
  ) {
    const onError = (error: unknown) => warn('presence_redis_command_failed', error);
    this.pub = createRedis(url, { maxRetriesPerRequest: 1, commandTimeout: 2_000 }, onError);
    this.sub = createRedis(url, { maxRetriesPerRequest: null }, onError);
    outage.watch(this.pub);
    outage.watch(this.sub);
    this.channel = `${key}:events`;
    this.nodes = `${key}:nodes`;
    this.sub.on('message', (_channel: string, payload: string) => this.receive(payload));
    // after a Redis outage the others may have given this node up, and it may have missed their changes.
    this.sub.on('ready', () => {
      if (this.everReady) this.loaded = false;
      this.everReady = true;
    });
  }

  private hashOf(node: string) {
    return `${this.key}:node:${node}`;
  }

  private aliveOf(node: string) {
    return `${this.key}:alive:${node}`;
  }

  /** Subscribes, announces this node and reads what the others hold; a Redis that is away does not hold up the start. */
  async start(): Promise<void> {
    try {
      await this.sub.subscribe(this.channel);
      await this.tick();
    } finally {
      const buffered = this.loading ?? [];
      this.loading = null;
      for (const message of buffered) this.apply(message);
      if (!this.closed) this.heartbeat = setInterval(() => void this.tick(), this.timings.heartbeatMs);
      this.heartbeat?.unref();
    }
  }

  added(room: string, user: PresentUser): void {
    this.queue(['+', room, user]);
  }

  removed(room: string, userId: number): void {
    this.queue(['-', room, userId]);
  }

  /** Changes of one tick go out together: one pipeline and one message for a whole burst of joins. */
  private queue(op: Op): void {
    this.ops.push(op);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushScheduled = false;
    const ops = this.ops.splice(0);
    if (ops.length === 0 || this.closed) return;
    const hash = this.hashOf(this.nodeId);
    const pipeline = this.pub.pipeline();
    for (const op of ops) {
      if (op[0] === '+') pipeline.hset(hash, field(op[1], op[2].id), JSON.stringify(op[2]));
      else pipeline.hdel(hash, field(op[1], op[2]));
    }
    pipeline.publish(this.channel, JSON.stringify({ node: this.nodeId, ops } satisfies Message));
    pipeline.exec().catch((error: unknown) => this.warn('presence_publish_failed', error));
  }

  private receive(raw: string): void {
    const message = readMessage(raw);
    if (!message) return;
    if (this.loading) this.loading.push(message);
    else this.apply(message);
  }

  private apply(message: Message): void {
    if ('gone' in message) {
      if (message.gone !== this.nodeId) this.drop(message.gone);
      return;
    }
    if (message.node === this.nodeId) return;
    this.known.add(message.node);
    if ('snapshot' in message) {
      this.sink.replaced(message.node, message.snapshot.filter(isEntry));
      return;
    }
    for (const op of message.ops) {
      if (!Array.isArray(op)) continue;
      const [kind, room, subject]: unknown[] = op;
      if (typeof room !== 'string') continue;
      if (kind === '+' && isUser(subject)) this.sink.added(message.node, { room, user: subject });
      else if (kind === '-' && typeof subject === 'number' && Number.isInteger(subject))
        this.sink.removed(message.node, room, subject);
    }
  }

  private drop(node: string): void {
    if (!this.known.delete(node)) return;
    this.sink.dropped(node);
  }

  /** Reads every live node's hash into this node's view. */
  private async load(): Promise<void> {
    const members = await this.pub.smembers(this.nodes);
    const others = members.filter((node) => node !== this.nodeId);
    for (const node of [...this.known]) if (!others.includes(node)) this.drop(node);
    for (const node of others) {
      const [alive, hash] = await Promise.all([
        this.pub.exists(this.aliveOf(node)),
        this.pub.hgetall(this.hashOf(node)),
      ]);
      if (!alive) continue;
      this.known.add(node);
      this.sink.replaced(node, parseHash(hash));
    }
  }

  /** Says this node is alive; answers whether the set had lost it (the others gave it up for dead). */
  private async beat(): Promise<boolean> {
    const answers = await this.pub
      .multi()
      .set(this.aliveOf(this.nodeId), '1', 'PX', this.timings.deadAfterMs)
      .sadd(this.nodes, this.nodeId)
      .exec();
    return answers?.[1]?.[1] === 1;
  }

  /** Heartbeat; resends this node's entries if the others gave it up, reads theirs if it has not yet, drops the dead. */
  private async tick(): Promise<void> {
    // a slow Redis must not stack heartbeats on top of each other.
    if (this.ticking) return;
    this.ticking = true;
    try {
      if (await this.beat()) await this.republish();
      if (!this.loaded) {
        await this.load();
        this.loaded = true;
      }
      await this.sweep();
    } catch (error) {
      this.warn('presence_heartbeat_failed', error);
    } finally {
      this.ticking = false;
    }
  }

  /** Rewrites this node's hash from its sockets and tells the others to take it as the whole truth. */
  private async republish(): Promise<void> {
    const entries = this.sink.ownEntries();
    const hash = this.hashOf(this.nodeId);
    const multi = this.pub.multi().del(hash);
    for (const entry of entries) multi.hset(hash, field(entry.room, entry.user.id), JSON.stringify(entry.user));
    multi.publish(this.channel, JSON.stringify({ node: this.nodeId, snapshot: entries } satisfies Message));
    await multi.exec();
  }

  /** Finds nodes whose heartbeat expired: drops their users here, and one node deletes their hash. */
  private async sweep(): Promise<void> {
    const members = await this.pub.smembers(this.nodes);
    for (const node of members) {
      if (node === this.nodeId || (await this.pub.exists(this.aliveOf(node)))) continue;
      this.drop(node);
      // SREM answers 1 to exactly one node, so the hash is deleted and the news published once.
      if ((await this.pub.srem(this.nodes, node)) === 1) {
        await this.pub
          .multi()
          .del(this.hashOf(node))
          .publish(this.channel, JSON.stringify({ gone: node } satisfies Message))
          .exec();
      }
    }
  }

  /** Leaves the cluster cleanly: the others drop this node's users at once instead of after the timeout. */
  async close(): Promise<void> {
    this.flush();
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.pub.status === 'ready') {
      await this.pub
        .multi()
        .del(this.hashOf(this.nodeId), this.aliveOf(this.nodeId))
        .srem(this.nodes, this.nodeId)
        .publish(this.channel, JSON.stringify({ gone: this.nodeId } satisfies Message))
        .exec()
        .catch((error: unknown) => this.warn('presence_leave_failed', error));
    }
    await Promise.all([closeRedis(this.pub), closeRedis(this.sub)]);
  }
}
