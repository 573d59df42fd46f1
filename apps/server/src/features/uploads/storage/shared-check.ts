import { randomBytes } from 'node:crypto';
import { isRecord } from '@papo/contract/records';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../../lib/bus.js';
import type { UploadStorage } from './storage.js';

/*
 * Do the nodes share their uploads (decision 025)? Each node writes a marker into its uploads storage and asks the
 * other nodes, through the Redis bus, to read it. Readiness is each node's own: a node is the one that is wrong when
 * fewer nodes read its marker (itself counted) than cannot, or, two against one being impossible (two nodes), when it
 * keeps its uploads in its own DATA_DIR (UPLOADS_URL unset) or both sides set UPLOADS_URL to different places. That
 * node logs one line naming UPLOADS_URL and answers /readyz 503 until a later check passes; the others stay ready.
 * A bucket that does not exist is its own reason. Checked at start, every minute (every few seconds while failing, so
 * a fixed node is ready again within ten), and when a node joins (a node heard asking for the first time); a node with
 * no peer passes.
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
  /** The answering node keeps its uploads in its own DATA_DIR (UPLOADS_URL unset). */
  local: boolean;
}

/** Why this node's uploads make it unready: read by fewer nodes than not, a bucket that is not there, a storage that fails. */
type UploadsProblem = 'uploads_not_shared' | 'uploads_bucket_missing' | 'uploads_unavailable';

export interface SharedUploadsCheck {
  /** False while this node's uploads are the ones the cluster cannot use (or this node cannot write at all). */
  readonly shared: boolean;
  /** Why, while `shared` is false: the key `/readyz` answers. */
  readonly problem: UploadsProblem | undefined;
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
  /** The uploads are in this node's DATA_DIR because UPLOADS_URL is unset: never the shared place of several nodes. */
  nodeLocal: boolean;
  intervalMs?: number;
  /** How often a node whose check failed checks again. */
  failingIntervalMs?: number;
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
  if (parsed.kind === 'answer' && typeof parsed.to === 'string' && typeof parsed.seen === 'boolean') {
    return { kind: 'answer', from, token, to: parsed.to, seen: parsed.seen, local: parsed.local === true };
  }
  return undefined;
}

export function createSharedUploadsCheck(opts: SharedCheckOptions): SharedUploadsCheck {
  const nodeId = randomBytes(8).toString('hex');
  const intervalMs = opts.intervalMs ?? 60_000;
  const failingIntervalMs = opts.failingIntervalMs ?? 4_000;
  const answerWindowMs = opts.answerWindowMs ?? 2_000;
  const peers = new Set<string>();
  const rounds = new Map<string, Answer[]>();
  let problem: UploadsProblem | undefined;
  let running: Promise<boolean> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let cutShort: () => void = () => undefined;

  const publish = (message: Ask | Answer) => opts.bus.publish(topic, JSON.stringify(message));

  async function answer(ask: Ask): Promise<void> {
    const object = await opts.storage.get(ask.key).catch(() => null);
    await publish({
      kind: 'answer',
      from: nodeId,
      to: ask.from,
      token: ask.token,
      seen: object?.body.toString('utf8') === ask.token,
      local: opts.nodeLocal,
    });
  }

  if (opts.enabled) {
    opts.bus.on(topic, (raw) => {
      const message = parseMessage(raw);
      if (!message || message.from === nodeId || stopped) return;
      if (message.kind === 'ask' && message.key.startsWith(`${markerFolder}/`)) {
        void answer(message);
        // a node heard for the first time has joined: whether it sees this node's uploads is checked again.
        if (!peers.has(message.from)) {
          peers.add(message.from);
          void check();
        }
      } else if (message.kind === 'answer' && message.to === nodeId) {
        rounds.get(message.token)?.push(message);
      }
    });
  }

  function report(now: UploadsProblem | undefined, detail: Record<string, unknown>): void {
    if (now === problem) return;
    const before = problem;
    problem = now;
    schedule();
    if (!now) opts.log.info({ uploads: opts.location, was: before }, 'uploads storage: every node reads it again');
    else if (now === 'uploads_bucket_missing')
      opts.log.error(
        detail,
        `uploads storage: the bucket of UPLOADS_URL=${opts.location} does not exist; create it or correct UPLOADS_URL`,
      );
    else if (now === 'uploads_unavailable')
      opts.log.error(detail, `uploads storage: UPLOADS_URL=${opts.location} cannot be written to`);
    else
      opts.log.error(
        detail,
        `uploads storage not shared: other nodes cannot read what this node writes to UPLOADS_URL=${opts.location}; set UPLOADS_URL to the folder or bucket the other nodes use`,
      );
  }

  /** Whether this node is the one in the wrong, from who read its marker and who did not. */
  function wrongHere(answers: Answer[]): boolean {
    const blind = answers.filter((heard) => !heard.seen);
    if (blind.length === 0) return false;
    const readers = answers.length - blind.length + 1;
    if (readers !== blind.length) return readers < blind.length;
    // as many on each side: a node keeping uploads in its own DATA_DIR is the wrong one; if every node that
    // cannot read this one's keeps its own, this node is right; two configured places that differ are both wrong.
    return opts.nodeLocal || !blind.every((heard) => heard.local);
  }

  async function round(): Promise<boolean> {
    const token = randomBytes(16).toString('hex');
    const key = `${markerFolder}/${nodeId}-${token}.txt`;
    try {
      await opts.storage.put(key, Buffer.from(token), 'text/plain');
    } catch (error) {
      report(bucketMissing(error) ? 'uploads_bucket_missing' : 'uploads_unavailable', {
        err: error,
        uploads: opts.location,
      });
      return false;
    }
    const answers: Answer[] = [];
    rounds.set(token, answers);
    try {
      await publish({ kind: 'ask', from: nodeId, key, token });
      await new Promise<void>((resolve) => {
        const timeout = setTimeout(resolve, answerWindowMs);
        timeout.unref();
        // a node closing does not wait out the answers.
        cutShort = () => {
          clearTimeout(timeout);
          resolve();
        };
      });
    } finally {
      rounds.delete(token);
      await opts.storage.delete(key).catch(() => undefined);
    }
    if (stopped) return problem === undefined;
    for (const heard of answers) peers.add(heard.from);
    const wrong = wrongHere(answers);
    report(wrong ? 'uploads_not_shared' : undefined, {
      uploads: opts.location,
      nodes: answers.length,
      blind: answers.filter((heard) => !heard.seen).map((heard) => heard.from),
    });
    return !wrong;
  }

  let again = false;
  function check(): Promise<boolean> {
    if (!opts.enabled || stopped) return Promise.resolve(problem === undefined);
    // asked while a round runs (a node joined after its question went out): one more round follows it.
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

  /** The next checks: every minute, or every few seconds while this node is unready. */
  function schedule(): void {
    if (!opts.enabled || stopped || !started) return;
    clearInterval(timer);
    timer = setInterval(() => void check(), problem ? failingIntervalMs : intervalMs);
    timer.unref();
  }
  let started = false;

  return {
    get shared() {
      return problem === undefined;
    },
    get problem() {
      return problem;
    },
    check,
    start() {
      if (!opts.enabled || started) return;
      started = true;
      void opts.bus.ready.then(() => check());
      schedule();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      cutShort();
      await running?.catch(() => undefined);
    },
  };
}

/** Whether a storage error says the bucket itself is missing (S3's NoSuchBucket), anywhere in its causes. */
function bucketMissing(error: unknown): boolean {
  for (let cause = error, depth = 0; isRecord(cause) && depth < 5; cause = cause.cause, depth++) {
    if (cause.name === 'NoSuchBucket' || cause.Code === 'NoSuchBucket') return true;
  }
  return false;
}
