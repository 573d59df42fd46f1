// `npm run bench:presence`: join storms and idle memory, Papo against a bare Socket.IO server in the same run
// (decisions 014, 022). Each member is in several channels at once, as the web's tabs keep them: 3 to 5 of a pool
// of 8 (BENCH_PRESENCE_CHANNELS="1" gives one channel each). The bare server checks the same JWT in the handshake
// and answers each join with that room's member list (IRC's NAMES reply) and nothing else. For N = 500, 1,000 and
// 2,000 clients: the time for all of them to connect and have every join answered, server CPU (and per client, with
// the client workers' own CPU per client), the packets and bytes each client received until every Papo client knew
// every member of each of its channels, and right after, the same with two Papo nodes on Redis (clients split
// between them; BENCH_PRESENCE_TWO=0 leaves it out); then heap and RSS per idle socket at 5,000. Writes
// bench/results/presence.json. BENCH_PRESENCE_TRACE=1 prints each worker's joins and packets every second.
// Over target is reported, not fatal. BENCH_PRESENCE_SIZES (e.g. "200,400") and BENCH_PRESENCE_IDLE shorten a trial run;
// an empty BENCH_PRESENCE_SIZES or BENCH_PRESENCE_IDLE=0 leaves that part out and keeps its figures from the last JSON.
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { socketPath, type OnlineUser, type UserJoinedPayload } from '@papo/contract/socket-events';
import { createTokenService } from '../apps/server/src/lib/tokens.js';
import { startBenchPapo } from './lib/papo-server.js';
import { child, next, nowNs, repoRoot, round, runParent, stopChildren, within } from './lib/processes.js';

const sizes = (process.env.BENCH_PRESENCE_SIZES ?? '500,1000,2000').split(',').filter(Boolean).map(Number);
const idleSockets = Number(process.env.BENCH_PRESENCE_IDLE ?? 5000);
/** Each storm runs this many times, Papo and bare alternating; the fastest counts (a shared machine is noisy). */
const repeats = Number(process.env.BENCH_PRESENCE_REPEAT ?? 2);
const redisUrl = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const workerCount = 2;
/** Connections being opened at once by each worker: everyone comes back at once after a node restart. */
const inFlight = 200;
const room = 'bench';
const twoNodeStorms = process.env.BENCH_PRESENCE_TWO !== '0';
const [fewestChannels, mostChannels] = (() => {
  const [low = 3, high = low] = (process.env.BENCH_PRESENCE_CHANNELS ?? '3-5').split('-').map(Number);
  return [low, high];
})();
/** The channels the members spread over: one when each member is in one. */
const pool = mostChannels === 1 ? [room] : Array.from({ length: 8 }, (_, c) => `${room}${c}`);
const secret = 'presence-bench-secret-shared-by-every-node-0123456789';
/** How long either server waits for a connection's Socket.IO handshake (Socket.IO's default). */
const handshakeTimeoutMs = 45_000;
const targets = { ratioMax: 1.5, exponentMax: 1.2, twoNodesMax: 1.5, memoryRatioMax: 1.2 };
const self = fileURLToPath(import.meta.url);

type Kind = 'papo' | 'bare';

/** The channels the i-th member (in token order, from 0) joins: 3, 4 or 5 consecutive ones of the pool, in turn. */
function channelsOf(i: number): string[] {
  const count = Math.min(pool.length, fewestChannels + (i % (mostChannels - fewestChannels + 1)));
  return Array.from({ length: count }, (_, j) => `#${pool[(i + j) % pool.length]}`);
}

/** How many of the first `total` members each channel holds once all have joined. */
function channelSizes(total: number): Map<string, number> {
  const sizes = new Map<string, number>();
  for (let i = 0; i < total; i++)
    for (const channel of channelsOf(i)) sizes.set(channel, (sizes.get(channel) ?? 0) + 1);
  return sizes;
}

type ToServer = { type: 'cpu-start' } | { type: 'cpu-stop' } | { type: 'memory' };
type FromServer =
  | { type: 'ready'; url: string; tokens: string[] }
  | { type: 'cpu'; micros: number }
  | { type: 'memory'; heap: number; rss: number };
/** `first`: the index of the worker's first token among all `total`; `converge`: wait until every list is complete (Papo). */
type ToWorker =
  | { type: 'start'; urls: string[]; tokens: string[]; first: number; total: number; converge: boolean }
  | { type: 'go' }
  | { type: 'stats' };
type FromWorker =
  | { type: 'ready' }
  | { type: 'joined'; at: string }
  | { type: 'converged'; at: string }
  | { type: 'stats'; packets: number; bytes: number; joins: number; kinds: Record<string, number>; cpuMicros: number }
  | { type: 'failed'; error: string };

const send = (message: FromServer | FromWorker) => process.send?.(message);

/** Answers the parent's CPU window and memory questions (after a full collection). */
function answerParent(): void {
  let started = process.cpuUsage();
  process.on('message', (message: ToServer) => {
    if (message.type === 'cpu-start') started = process.cpuUsage();
    else if (message.type === 'cpu-stop') {
      const used = process.cpuUsage(started);
      send({ type: 'cpu', micros: used.user + used.system });
    } else {
      const gc = (globalThis as { gc?: () => void }).gc;
      gc?.();
      gc?.();
      const usage = process.memoryUsage();
      send({ type: 'memory', heap: usage.heapUsed, rss: usage.rss });
    }
  });
}

async function servePapo(count: number): Promise<void> {
  // Socket.IO's own handshake timeout, as the bare server has it: Papo's default (10 s) closes handshakes that a
  // storm on the loaded machine delays longer, and those clients then waited out their connect timeout.
  const env: Record<string, string> = { JWT_SECRET: secret, SOCKET_CONNECT_TIMEOUT_MS: String(handshakeTimeoutMs) };
  if (process.env.NODE_REDIS_URL)
    Object.assign(env, { REDIS_URL: process.env.NODE_REDIS_URL, REDIS_PREFIX: process.env.NODE_REDIS_PREFIX! });
  if (process.env.NODE_UPLOADS_URL) env.UPLOADS_URL = process.env.NODE_UPLOADS_URL;
  const { url, tokens } = await startBenchPapo({ count, room: pool, env });
  answerParent();
  send({ type: 'ready', url, tokens });
}

/** The baseline: the same handshake check, and a NAMES reply (that room's list) to each join. */
async function serveBare(count: number): Promise<void> {
  const tokenService = createTokenService(secret);
  const http = createServer();
  const io = new Server(http, {
    path: socketPath,
    serveClient: false,
    transports: ['websocket'],
    connectTimeout: handshakeTimeoutMs,
  });
  const members = new Map<string, Map<string, OnlineUser>>();
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: string }).token ?? '';
    tokenService.verifyAccessToken(token).then(
      (claims) => {
        socket.data = claims;
        next();
      },
      () => next(new Error('Invalid JWT Token')),
    );
  });
  io.on('connection', (socket) => {
    socket.on('join', (name: string, ack?: (answer: { ok: true }) => void) => {
      void socket.join(`channel:${name.slice(1)}`);
      const claims = socket.data as { userId: number; username: string };
      const list = members.get(name) ?? new Map<string, OnlineUser>();
      members.set(name, list);
      list.set(socket.id, { id: claims.userId, nickname: claims.username, level: 0 });
      socket.emit('users', [...list.values()], name);
      ack?.({ ok: true });
    });
    socket.on('disconnect', () => members.forEach((list) => list.delete(socket.id)));
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const address = http.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  const tokens = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      tokenService.signAccessToken({
        userId: i + 1,
        username: `bench${i}`,
        roles: ['ROLE_USER'],
        sessionId: randomUUID(),
      }),
    ),
  );
  answerParent();
  send({ type: 'ready', url: `http://127.0.0.1:${address.port}`, tokens });
}

/** What a packet a client read was: the connect, an ack, or the event's name. */
function packetKind(data: string | ArrayBuffer): string {
  if (typeof data !== 'string') return 'binary';
  // Engine.IO hands over Socket.IO's packet: its type first (0 connect, 2 event, 3 ack).
  if (data.startsWith('0')) return 'connect';
  if (data.startsWith('3')) return 'ack';
  return /^2\["([^"]+)"/.exec(data)?.[1] ?? 'other';
}

/**
 * Worker: opens its share of clients (at most `inFlight` connecting at once), joins each to its channels (all at
 * once, as the web restores its tabs), counts what each receives, and tells the parent when all were answered and
 * when all know every member of each of their channels.
 */
function runClients(): void {
  let cpuFrom = process.cpuUsage();
  let joinedCount = 0;
  let joins = 0;
  let packets = 0;
  let bytes = 0;
  const kinds: Record<string, number> = {};
  const clients: Socket[] = [];
  let start: (ToWorker & { type: 'start' }) | undefined;
  process.on('message', (message: ToWorker) => {
    if (message.type === 'stats') {
      const cpu = process.cpuUsage(cpuFrom);
      send({ type: 'stats', packets, bytes, joins, kinds, cpuMicros: cpu.user + cpu.system });
    } else if (message.type === 'start') {
      start = message;
      send({ type: 'ready' });
    } else {
      cpuFrom = process.cpuUsage();
      if (process.env.BENCH_PRESENCE_TRACE) {
        const began = Date.now();
        setInterval(
          () =>
            console.error(
              `trace worker ${process.pid} +${Date.now() - began} ms: ${joinedCount} joined, ${packets} packets`,
            ),
          1000,
        ).unref();
      }
      void storm(start!).catch((error: unknown) =>
        send({ type: 'failed', error: error instanceof Error ? error.message : String(error) }),
      );
    }
  });
  process.once('disconnect', () => clients.forEach((client) => client.disconnect()));

  async function storm(start: ToWorker & { type: 'start' }): Promise<void> {
    let complete = 0;
    const goals = channelSizes(start.total);
    const openOne = async (token: string, i: number) => {
      const member = start.first + i;
      // a generous connect timeout: on a loaded 2-core machine the 4,000th handshake of a storm can wait long.
      const client: Socket = connect(start.urls[member % start.urls.length]!, {
        path: socketPath,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        timeout: 120_000,
        auth: { token },
      });
      clients.push(client);
      client.io.engine.on('data', (data: string | ArrayBuffer) => {
        packets += 1;
        bytes += typeof data === 'string' ? data.length : data.byteLength;
        const kind = packetKind(data);
        kinds[kind] = (kinds[kind] ?? 0) + 1;
      });
      const channels = channelsOf(member);
      const known = new Map(channels.map((channel) => [channel, new Set<number>()]));
      /** This client's channels whose list is not complete yet. */
      let incomplete = channels.length;
      const update = (channel: string, change: (ids: Set<number>) => void) => {
        const ids = known.get(channel);
        const goal = goals.get(channel) ?? 0;
        if (!ids || !start.converge) return;
        const before = ids.size >= goal;
        change(ids);
        const after = ids.size >= goal;
        if (before === after) return;
        incomplete += after ? -1 : 1;
        if (after && incomplete === 0) complete += 1;
        else if (!after && incomplete === 1) complete -= 1;
        if (after && complete === start.tokens.length) send({ type: 'converged', at: String(nowNs()) });
      };
      client.on('users', (users: OnlineUser[], channel: string) =>
        update(channel, (ids) => {
          ids.clear();
          for (const user of users) ids.add(user.id);
        }),
      );
      client.on('user-joined', (first: UserJoinedPayload, ...more: OnlineUser[]) =>
        update(first.room, (ids) => {
          for (const user of [first.user, ...more]) ids.add(user.id);
        }),
      );
      client.on('user-left', (userId: number, channel: string, ...more: number[]) =>
        update(channel, (ids) => {
          for (const id of [userId, ...more]) ids.delete(id);
        }),
      );
      await new Promise<void>((resolve, reject) => {
        client.once('connect', resolve);
        client.once('connect_error', reject);
      });
      const answers = (await Promise.all(
        channels.map((channel) => client.timeout(120_000).emitWithAck('join', channel)),
      )) as { ok: boolean }[];
      if (answers.some((answer) => !answer.ok)) throw new Error('join refused');
      joinedCount += 1;
      joins += channels.length;
    };
    let nextIndex = 0;
    const lane = async () => {
      while (nextIndex < start.tokens.length) {
        const i = nextIndex++;
        await openOne(start.tokens[i]!, i);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
    send({ type: 'joined', at: String(nowNs()) });
  }
}

interface Storm {
  /** Seconds until every client's join was answered. */
  joinedS: number;
  /** Seconds until every client knew every member (Papo; the bare server never tells anyone of later joins). */
  convergedS: number | null;
  serverCpuS: number;
  /** Server CPU (user + system, every node) per client, in milliseconds: what the shared machine's load distorts least. */
  cpuMsPerClient: number;
  /** The client workers' CPU per client, in milliseconds: reading what they are sent. */
  clientCpuMsPerClient: number;
  packetsPerClient: number;
  /** Channel joins per client (3 to 5 each: 4 on average). */
  joinsPerClient: number;
  /** Packets per client by what they were (connect, ack, users, user-joined...). */
  packetKinds: Record<string, number>;
  bytesPerClient: number;
}

/**
 * The processes of one measurement. Each measurement ends its own, and waits for them to exit,
 * before the next begins: ending "every live child" from a run's cleanup let a run abandoned on timeout
 * kill the next run's servers and workers, and a Papo server still closing its thousands of sockets
 * shared the two cores with the next run's storm.
 */
class Run {
  private readonly procs: ChildProcess[] = [];
  private readonly folders: string[] = [];
  private stopped = false;

  spawn(args: string[], options: Parameters<typeof child>[2] = {}): ChildProcess {
    if (this.stopped) throw new Error('this run was stopped');
    const proc = child(self, args, options);
    this.procs.push(proc);
    return proc;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await stopChildren(this.procs);
    await Promise.all(this.folders.map((folder) => rm(folder, { recursive: true, force: true })));
  }

  /** A temporary folder of this run, removed once its processes have exited. */
  async folder(prefix: string): Promise<string> {
    const folder = await mkdtemp(join(tmpdir(), prefix));
    this.folders.push(folder);
    return folder;
  }
}

/** Starts the servers of a run: one bare, one Papo, or two Papo nodes sharing Redis. */
async function startServers(
  run: Run,
  kind: Kind,
  nodes: number,
  count: number,
  nodeFlags: string[] = [],
): Promise<{ servers: ChildProcess[]; urls: string[]; tokens: string[] }> {
  const prefix = `papo-bench-${process.pid}-${Date.now()}`;
  // nodes on one Redis check that they share their uploads (decision 025); each in its own DATA_DIR would not,
  // and would log that at error level throughout the run.
  const cluster =
    nodes > 1
      ? {
          NODE_REDIS_URL: redisUrl,
          NODE_REDIS_PREFIX: prefix,
          NODE_UPLOADS_URL: await run.folder('papo-bench-uploads-'),
        }
      : {};
  const servers: ChildProcess[] = [];
  const ready: (FromServer & { type: 'ready' })[] = [];
  for (let i = 0; i < nodes; i++) {
    const env = { ...process.env, ...cluster };
    const server = run.spawn(['serve', kind, String(count)], { env, nodeFlags });
    servers.push(server);
    ready.push(await next<FromServer & { type: 'ready' }>(server, 'ready'));
  }
  return { servers, urls: ready.map((r) => r.url), tokens: ready[0]!.tokens };
}

/** Client workers, loaded and waiting for the word to go. */
async function startWorkers(run: Run, urls: string[], tokens: string[], converge: boolean): Promise<ChildProcess[]> {
  const share = Math.ceil(tokens.length / workerCount);
  const workers = Array.from({ length: workerCount }, (_, w) => {
    const worker = run.spawn(['clients']);
    worker.send({
      type: 'start',
      urls,
      tokens: tokens.slice(w * share, (w + 1) * share),
      first: w * share,
      total: tokens.length,
      converge,
    } satisfies ToWorker);
    return worker;
  });
  await Promise.all(workers.map((worker) => next(worker, 'ready')));
  return workers;
}

const go = (workers: ChildProcess[]) => workers.forEach((worker) => worker.send({ type: 'go' } satisfies ToWorker));

const latest = (reports: { at: string }[]) =>
  reports.reduce((max, report) => (BigInt(report.at) > max ? BigInt(report.at) : max), 0n);

async function storm(run: Run, kind: Kind, count: number, nodes = 1): Promise<Storm> {
  const { servers, urls, tokens } = await startServers(run, kind, nodes, count);
  const workers = await startWorkers(run, urls, tokens, kind === 'papo');
  for (const server of servers) server.send({ type: 'cpu-start' } satisfies ToServer);
  const startedAt = nowNs();
  go(workers);
  const converged =
    kind === 'papo' ? Promise.all(workers.map((w) => next<FromWorker & { type: 'converged' }>(w, 'converged'))) : null;
  // awaited after the joins; a worker failing first must not count as an unhandled rejection.
  converged?.catch(() => undefined);
  const joinedAt = latest(await Promise.all(workers.map((w) => next<FromWorker & { type: 'joined' }>(w, 'joined'))));
  const convergedAt = converged ? latest(await converged) : null;
  const cpu = await Promise.all(
    servers.map((server) => {
      const answer = next<FromServer & { type: 'cpu' }>(server, 'cpu');
      server.send({ type: 'cpu-stop' } satisfies ToServer);
      return answer;
    }),
  );
  const stats = await Promise.all(
    workers.map((worker) => {
      const answer = next<FromWorker & { type: 'stats' }>(worker, 'stats');
      worker.send({ type: 'stats' } satisfies ToWorker);
      return answer;
    }),
  );
  const cpuMicros = cpu.reduce((sum, c) => sum + c.micros, 0);
  return {
    joinedS: round(Number(joinedAt - startedAt) / 1e9, 3),
    convergedS: convergedAt === null ? null : round(Number(convergedAt - startedAt) / 1e9, 3),
    serverCpuS: round(cpuMicros / 1e6, 3),
    cpuMsPerClient: round(cpuMicros / 1e3 / count, 3),
    clientCpuMsPerClient: round(stats.reduce((sum, s) => sum + s.cpuMicros, 0) / 1e3 / count, 3),
    packetsPerClient: round(stats.reduce((sum, s) => sum + s.packets, 0) / count, 1),
    joinsPerClient: round(stats.reduce((sum, s) => sum + s.joins, 0) / count, 2),
    packetKinds: Object.fromEntries(
      [...new Set(stats.flatMap((s) => Object.keys(s.kinds)))].map((kind) => [
        kind,
        round(stats.reduce((sum, s) => sum + (s.kinds[kind] ?? 0), 0) / count, 2),
      ]),
    ),
    bytesPerClient: Math.round(stats.reduce((sum, s) => sum + s.bytes, 0) / count),
  };
}

/** Heap and RSS the server holds per idle authenticated socket in the room, from a collected baseline. */
async function idleMemory(run: Run, kind: Kind, count: number): Promise<{ heap: number; rss: number }> {
  const { servers, urls, tokens } = await startServers(run, kind, 1, count, ['--expose-gc']);
  const server = servers[0]!;
  const ask = async () => {
    const answer = next<FromServer & { type: 'memory' }>(server, 'memory');
    server.send({ type: 'memory' } satisfies ToServer);
    return answer;
  };
  const before = await ask();
  const workers = await startWorkers(run, urls, tokens, kind === 'papo');
  const settled = workers.map((w) => next(w, kind === 'papo' ? 'converged' : 'joined'));
  go(workers);
  await Promise.all(settled);
  const after = await ask();
  return { heap: Math.round((after.heap - before.heap) / count), rss: Math.round((after.rss - before.rss) / count) };
}

// generous, for a shared 2-core machine; one storm of 4,000 clients on a quiet one takes well under a minute.
const runTimeoutMs = Number(process.env.BENCH_PRESENCE_TIMEOUT_S ?? 600) * 1000;

/**
 * One measurement with processes of its own; a run that fails or times out is reported and left out, and
 * the bench goes on once that run's processes have exited.
 */
async function attempt<T>(label: string, measure: (run: Run) => Promise<T>): Promise<T | null> {
  const run = new Run();
  try {
    return await within(label, runTimeoutMs, measure(run));
  } catch (error) {
    console.error(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  } finally {
    await run.stop();
  }
}

function fastest(runs: (Storm | null)[]): Storm | null {
  const done = runs.filter((run): run is Storm => run !== null);
  return done.length === 0 ? null : done.reduce((best, run) => (run.joinedS < best.joinedS ? run : best));
}

const growth = (a: { n: number; s: number } | undefined, b: { n: number; s: number } | undefined) =>
  a && b && b.n > a.n ? round(Math.log(b.s / a.s) / Math.log(b.n / a.n)) : null;

async function main(): Promise<void> {
  const loadAtStart = loadavg().map((value) => round(value, 1));
  const scenario = {
    channelsPerMember: mostChannels === fewestChannels ? String(fewestChannels) : `${fewestChannels}-${mostChannels}`,
    channels: pool.length,
  };
  console.log(
    `presence bench: join storms of ${sizes.join(', ')} clients, each in ${scenario.channelsPerMember} of ${pool.length} channels; idle memory at ${idleSockets}; Redis ${redisUrl}`,
  );
  const joins = [];
  const twoNodes = [];
  for (const n of sizes) {
    // the two-node storm runs right after the one-node storms of the same size, so its ratio to one
    // node compares runs under the same load (run at the end, it met a machine minutes busier).
    const runs: Record<Kind | 'two', (Storm | null)[]> = { papo: [], bare: [], two: [] };
    for (let r = 0; r < repeats; r++) {
      runs.bare.push(await attempt(`bare ${n}`, (run) => storm(run, 'bare', n)));
      runs.papo.push(await attempt(`papo ${n}`, (run) => storm(run, 'papo', n)));
      if (twoNodeStorms) runs.two.push(await attempt(`two nodes ${n}`, (run) => storm(run, 'papo', n, 2)));
    }
    const [papo, bare, two] = [fastest(runs.papo), fastest(runs.bare), fastest(runs.two)];
    if (papo && bare) {
      const row = {
        n,
        papoS: papo.joinedS,
        bareS: bare.joinedS,
        ratio: round(papo.joinedS / bare.joinedS),
        cpuRatio: round(papo.serverCpuS / bare.serverCpuS),
        papoCpuMsPerClient: papo.cpuMsPerClient,
        bareCpuMsPerClient: bare.cpuMsPerClient,
        load: round(loadavg()[0]!, 1),
        papo,
        bare,
      };
      console.log(
        `N=${n}: papo ${papo.joinedS} s (all lists complete ${papo.convergedS} s), bare ${bare.joinedS} s, ratio ${row.ratio}; ` +
          `server CPU ${papo.serverCpuS} vs ${bare.serverCpuS} s, per client ${papo.cpuMsPerClient} vs ${bare.cpuMsPerClient} ms (clients' own ${papo.clientCpuMsPerClient} vs ${bare.clientCpuMsPerClient} ms); ` +
          `packets/client ${papo.packetsPerClient} vs ${bare.packetsPerClient} (${papo.joinsPerClient} joins each; ${JSON.stringify(papo.packetKinds)}), bytes/client ${papo.bytesPerClient} vs ${bare.bytesPerClient}; load ${row.load}`,
      );
      joins.push(row);
    }
    if (papo && two) {
      const row = {
        n,
        twoNodesS: two.joinedS,
        oneNodeS: papo.joinedS,
        ratio: round(two.joinedS / papo.joinedS),
        cpuRatio: round(two.serverCpuS / papo.serverCpuS),
        ...two,
      };
      console.log(
        `  two nodes N=${n}: ${two.joinedS} s (lists complete ${two.convergedS} s), ${row.ratio}× one node; ` +
          `server CPU ${two.serverCpuS} s (${row.cpuRatio}× one node), per client ${two.cpuMsPerClient} ms; packets/client ${two.packetsPerClient}, bytes/client ${two.bytesPerClient}; load ${round(loadavg()[0]!, 1)}`,
      );
      twoNodes.push(row);
    }
  }
  const exponent = growth(
    joins.map((row) => ({ n: row.n, s: row.papoS }))[0],
    joins.map((row) => ({ n: row.n, s: row.papoS })).at(-1),
  );
  const bareExponent = growth(
    joins.map((row) => ({ n: row.n, s: row.bareS }))[0],
    joins.map((row) => ({ n: row.n, s: row.bareS })).at(-1),
  );
  // the same growth in server CPU, which the machine's other work distorts far less than wall time.
  const cpuExponent = {
    papo: growth(
      joins.map((row) => ({ n: row.n, s: row.papo.serverCpuS }))[0],
      joins.map((row) => ({ n: row.n, s: row.papo.serverCpuS })).at(-1),
    ),
    bare: growth(
      joins.map((row) => ({ n: row.n, s: row.bare.serverCpuS }))[0],
      joins.map((row) => ({ n: row.n, s: row.bare.serverCpuS })).at(-1),
    ),
  };
  console.log(
    `growth exponent ${joins[0]?.n}→${joins.at(-1)?.n}: papo ${exponent}, bare ${bareExponent}; in server CPU papo ${cpuExponent.papo}, bare ${cpuExponent.bare}`,
  );

  const papoMemory = idleSockets > 0 ? await attempt('papo idle', (run) => idleMemory(run, 'papo', idleSockets)) : null;
  const bareMemory = idleSockets > 0 ? await attempt('bare idle', (run) => idleMemory(run, 'bare', idleSockets)) : null;
  const perSocket = (key: 'heap' | 'rss') =>
    papoMemory && bareMemory
      ? { papo: papoMemory[key], bare: bareMemory[key], ratio: round(papoMemory[key] / bareMemory[key]) }
      : null;
  const bytesPerSocket = perSocket('heap');
  const rssPerSocket = perSocket('rss');
  console.log(
    `idle sockets at ${idleSockets}: heap per socket ${JSON.stringify(bytesPerSocket)}, RSS per socket ${JSON.stringify(rssPerSocket)}`,
  );

  // the machine is shared; the load average (1, 5, 15 min) says how much else ran beside the bench.
  const loadAverage = { start: loadAtStart, end: loadavg().map((value) => round(value, 1)) };
  console.log(`load average at start ${loadAverage.start.join(', ')}, at end ${loadAverage.end.join(', ')}`);
  const date = new Date().toISOString();
  const file = join(repoRoot, 'bench/results/presence.json');
  const last = await readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as Partial<Report>,
    () => ({}) as Partial<Report>,
  );
  // a part left out of this run keeps the figures (and the date and load) of the run that measured it.
  const storms: StormPart =
    sizes.length > 0
      ? { scenario, joins, exponent, bareExponent, cpuExponent, twoNodes, measured: { date, loadAverage, repeats } }
      : {
          scenario: last.scenario ?? null,
          joins: last.joins ?? [],
          exponent: last.exponent ?? null,
          bareExponent: last.bareExponent ?? null,
          cpuExponent: last.cpuExponent ?? null,
          twoNodes: last.twoNodes ?? [],
          measured: last.measured ?? null,
        };
  const memory: MemoryPart =
    idleSockets > 0
      ? { bytesPerSocket, rssPerSocket, idleSockets, memoryMeasured: { date, loadAverage } }
      : {
          bytesPerSocket: last.bytesPerSocket ?? null,
          rssPerSocket: last.rssPerSocket ?? null,
          idleSockets: last.idleSockets ?? 0,
          memoryMeasured: last.memoryMeasured ?? null,
        };
  const stormSizes = storms.joins.length;
  const met = {
    ratio:
      stormSizes > 0 &&
      (sizes.length === 0 || joins.length === sizes.length) &&
      storms.joins.every((row) => row.ratio <= targets.ratioMax),
    exponent: storms.exponent !== null && storms.exponent <= targets.exponentMax,
    twoNodes:
      stormSizes > 0 &&
      storms.twoNodes.length === stormSizes &&
      storms.twoNodes.every((row) => row.ratio <= targets.twoNodesMax),
    memory: memory.bytesPerSocket !== null && memory.bytesPerSocket.ratio <= targets.memoryRatioMax,
  };
  console.log(
    Object.values(met).every(Boolean)
      ? 'within targets'
      : `OVER TARGET (or not measured): ${Object.entries(met)
          .filter(([, ok]) => !ok)
          .map(([name]) => name)
          .join(', ')}`,
  );

  await mkdir(join(repoRoot, 'bench/results'), { recursive: true });
  const report: Report = { ...storms, ...memory, targets: { ...targets, met }, date };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}

type Ratio = { papo: number; bare: number; ratio: number } | null;
interface StormPart {
  scenario: { channelsPerMember: string; channels: number } | null;
  joins: { n: number; ratio: number }[];
  exponent: number | null;
  bareExponent: number | null;
  cpuExponent: { papo: number | null; bare: number | null } | null;
  twoNodes: { n: number; ratio: number }[];
  measured: { date: string; loadAverage: { start: number[]; end: number[] }; repeats: number } | null;
}
interface MemoryPart {
  bytesPerSocket: Ratio;
  rssPerSocket: Ratio;
  idleSockets: number;
  memoryMeasured: { date: string; loadAverage: { start: number[]; end: number[] } } | null;
}
type Report = StormPart & MemoryPart & { targets: typeof targets & { met: Record<string, boolean> }; date: string };

const [mode, kind, count] = process.argv.slice(2);
if (mode === 'serve') await (kind === 'papo' ? servePapo(Number(count)) : serveBare(Number(count)));
else if (mode === 'clients') runClients();
else await runParent(main);
