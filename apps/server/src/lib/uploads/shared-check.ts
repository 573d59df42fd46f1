import { randomBytes } from 'node:crypto';
import { isRecord } from '@papo/contract/records';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus.js';
import type { UploadStorage } from './storage.js';

/*
 * Do the nodes share their uploads (decision 025)? Each node writes a marker into its uploads storage and asks the
 * other nodes, through the Redis bus, to read it. A node whose marker another node cannot read keeps its uploads
 * where the others do not look (two machines each with its own DATA_DIR): it logs one line naming UPLOADS_URL and
 * answers /readyz with 503 until a later check passes. Checked at start, every minute, and when a node joins (a
 * node heard asking for the first time); a node with no peer passes.
 */

const topic = 'uploads-check';
const markerFolder = 'checks';

interface Ask {
  kind: 'ask';
  from: string;
  key: string;
  token: string;
}

interface Answer {
  kind: 'answer';
  from: string;
  to: string;
  token: string;
  seen: boolean;
}

export interface SharedUploadsCheck {
  /** False while another node cannot read what this node writes (or this node cannot write at all). */
  readonly shared: boolean;
  /** Runs one check now (or joins the one running) and settles with its outcome. */
  check(): Promise<boolean>;
  /** Checks now and then every `intervalMs`. */
  start(): void;
  stop(): Promise<void>;
}

export interface SharedCheckOptions {
  bus: Bus;
  storage: UploadStorage;
  log: FastifyBaseLogger;
  /** What the operator set (UPLOADS_URL, or the default folder), named in the log line. */
  location: string;
  /** Without Redis there is one node: nothing to check. */
  enabled: boolean;
  intervalMs?: number;
  /** How long the answers are awaited. */
  answerWindowMs?: number;
}

/** A message of this check as the bus carries it; anything else heard on the topic is undefined. */
function parseMessage(raw: string): Ask | Answer | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed) || typeof parsed.from !== 'string' || typeof parsed.token !== 'string') return undefined;
  const { from, token } = parsed;
  if (parsed.kind === 'ask' && typeof parsed.key === 'string') return { kind: 'ask', from, token, key: parsed.key };
  if (parsed.kind === 'answer' && typeof parsed.to === 'string' && typeof parsed.seen === 'boolean') return { kind: 'answer', from, token, to: parsed.to, seen: parsed.seen };
  return undefined;
}

export function createSharedUploadsCheck(opts: SharedCheckOptions): SharedUploadsCheck {
  const nodeId = randomBytes(8).toString('hex');
  const intervalMs = opts.intervalMs ?? 60_000;
  const answerWindowMs = opts.answerWindowMs ?? 2_000;
  const peers = new Set<string>();
  const rounds = new Map<string, Answer[]>();
  let shared = true;
  let running: Promise<boolean> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let cutShort: () => void = () => undefined;

  const publish = (message: Ask | Answer) => opts.bus.publish(topic, JSON.stringify(message));

  async function answer(ask: Ask): Promise<void> {
    const object = await opts.storage.get(ask.key).catch(() => null);
    await publish({ kind: 'answer', from: nodeId, to: ask.from, token: ask.token, seen: object?.body.toString('utf8') === ask.token });
  }

  if (opts.enabled) {
    opts.bus.on(topic, (raw) => {
      const message = parseMessage(raw);
      if (!message || message.from === nodeId || stopped) return;
      if (message.kind === 'ask' && message.key.startsWith(`${markerFolder}/`)) {
        void answer(message);
        // NOTE: a node heard for the first time has joined: whether it sees this node's uploads is checked again.
        if (!peers.has(message.from)) {
          peers.add(message.from);
          void check();
        }
      } else if (message.kind === 'answer' && message.to === nodeId) {
        rounds.get(message.token)?.push(message);
      }
    });
  }

  function report(now: boolean, detail: Record<string, unknown>): void {
    if (now === shared) return;
    shared = now;
    if (now) opts.log.info({ uploads: opts.location }, 'uploads storage: every node reads it again');
    else opts.log.error(detail, `uploads storage not shared: another node cannot read what this node writes to UPLOADS_URL=${opts.location}; set UPLOADS_URL to a folder or bucket every node shares`);
  }

  async function round(): Promise<boolean> {
    const token = randomBytes(16).toString('hex');
    const key = `${markerFolder}/${nodeId}-${token}.txt`;
    try {
      await opts.storage.put(key, Buffer.from(token), 'text/plain');
    } catch (error) {
      report(false, { err: error, uploads: opts.location });
      return false;
    }
    const answers: Answer[] = [];
    rounds.set(token, answers);
    try {
      await publish({ kind: 'ask', from: nodeId, key, token });
      await new Promise<void>((resolve) => {
        const timeout = setTimeout(resolve, answerWindowMs);
        timeout.unref();
        // NOTE: a node closing does not wait out the answers.
        cutShort = () => {
          clearTimeout(timeout);
          resolve();
        };
      });
    } finally {
      rounds.delete(token);
      await opts.storage.delete(key).catch(() => undefined);
    }
    if (stopped) return shared;
    for (const heard of answers) peers.add(heard.from);
    const blind = answers.filter((heard) => !heard.seen).map((heard) => heard.from);
    report(blind.length === 0, { uploads: opts.location, nodes: answers.length, blind });
    return blind.length === 0;
  }

  let again = false;
  function check(): Promise<boolean> {
    if (!opts.enabled || stopped) return Promise.resolve(shared);
    // NOTE: asked while a round runs (a node joined after its question went out): one more round follows it.
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let outcome: boolean;
      do {
        again = false;
        outcome = await round();
      } while (again && !stopped);
      return outcome;
    })().finally(() => (running = undefined));
    return running;
  }

  return {
    get shared() {
      return shared;
    },
    check,
    start() {
      if (!opts.enabled || timer) return;
      void opts.bus.ready.then(() => check());
      timer = setInterval(() => void check(), intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      cutShort();
      await running?.catch(() => undefined);
    },
  };
}
