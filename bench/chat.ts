// `npm run bench:chat`: 1,000 socket.io-client clients in one channel, fed (a) by Papo's full path
// (HTTP `send-message` → auth, ban, presence and flood checks → broadcast) and (b) by a bare Socket.IO
// server doing `io.to(room).emit`, in the same run on this machine; the budgets: throughput ratio
// ≥ 0.5, CPU-per-delivery ratio ≤ 2.0. Each server runs in a child process that reports its own CPU time;
// the clients run in worker processes. Writes bench/results/chat.json. Over budget is reported, not fatal.
// Papo writes a turn's messages to each member in one call (decision 022); the bare server is plain
// Socket.IO, one `io.to(room).emit` per order, so a ratio above 1 is Papo doing less per delivery, not a fault.
// A third run delivers the same HTTP messages to 1,000 raw TCP IRC clients signed in with SASL on the node's IRC
// gateway, from 100 loopback addresses (the gateway's per-address limits); its figures are a ratio to the web path's
// (Papo's Socket.IO run), and so is the server memory each idle client costs. BENCH_CHAT_ROUNDS runs the web and IRC
// runs that many times in turn (on a shared machine, load that comes and goes then weighs on both) and reports the
// median of each round's ratios.
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { socketPath, type ChannelMessage } from '@papo/contract/socket-events';
import {
  connectRawIrc,
  gatewayPort,
  loopbackSource,
  registerRawIrc,
  type RawIrc,
} from '../apps/server/src/test/raw-irc.js';
import { startBenchPapo } from './lib/papo-server.js';
import { child as spawnChild, next, nowNs, repoRoot, round, runParent, stopChildren, within } from './lib/processes.js';

const clientCount = Number(process.env.BENCH_CHAT_CLIENTS ?? 1000);
const warmMessages = 20;
const measuredMessages = Number(process.env.BENCH_CHAT_MESSAGES ?? 300);
/** Messages in flight at once (HTTP requests for Papo, emit orders for the bare server). */
const window = Number(process.env.BENCH_CHAT_WINDOW ?? 8);
// the whole run stays under two minutes; Papo's run is longer because every join is announced to the room.
const timeoutsMs: Record<Kind, number> = { bare: 40_000, papo: 75_000, irc: 480_000 };
const room = 'bench';
const budget = { throughputRatioMin: 0.5, cpuRatioMax: 2.0 };
/** The team's targets for the same run, stricter than the budget above. */
const targets = { throughputRatioMin: 0.85, cpuRatioMax: 1.25 };
/** IRC ÷ the web path in the same run: an IRC member is served nearly as cheaply as a tab (decision 047). */
const ircBudget = { throughputRatioMin: 0.8, cpuRatioMax: 1.5, memoryRatioMax: 1.5 };
const rounds = Number(process.env.BENCH_CHAT_ROUNDS ?? 1);
/** Every IRC client signs in with SASL PLAIN with this password (hashed once for all the bench accounts). */
const ircPassword = 'bench-irc-password';
/** IRC clients per loopback source address, within the gateway's 10 connections and 20 sign-ins per address. */
const ircPerAddress = 10;
const self = fileURLToPath(import.meta.url);
// every Papo sender stays within the flood burst (5), so the full path runs its flood check and passes.
const senderCount = Math.min(clientCount, Math.ceil((warmMessages + measuredMessages) / 5));

type Kind = 'papo' | 'bare' | 'irc';
type ToServer =
  { type: 'cpu-start' } | { type: 'cpu-stop' } | { type: 'memory' } | { type: 'emit'; text: string; seq: number };
type FromServer =
  | { type: 'ready'; url: string; tokens: string[]; ircPort?: number }
  | { type: 'cpu'; micros: number }
  | { type: 'memory'; heapBytes: number; rssBytes: number }
  | { type: 'emitted'; seq: number };
/** `irc`: the worker's clients are raw IRC connections of accounts `bench<first>`…, not Socket.IO ones. */
type ToWorker = {
  type: 'start';
  url: string;
  tokens: string[];
  expected: number;
  irc?: { port: number; first: number };
};
type FromWorker =
  | { type: 'ready' }
  | { type: 'warm' }
  | { type: 'done'; latencies: number[]; lastAt: string }
  | { type: 'failed'; error: string };

const send = (message: FromServer | FromWorker) => process.send?.(message);

/** The message text carries its sequence number and send time (CLOCK_MONOTONIC, shared by every process here). */
const benchText = (seq: number) => `bench ${seq} ${nowNs()}`;

/** Child: the whole Papo app on a fresh SQLite database, with the clients' accounts and signed tokens. */
async function servePapo(withIrc: boolean): Promise<void> {
  const { app, url, tokens } = await startBenchPapo({
    count: clientCount,
    room,
    ...(withIrc ? { env: { IRC_PORT: '0' }, password: ircPassword } : {}),
  });
  measureCpu(() => undefined);
  send({ type: 'ready', url, tokens, ...(withIrc ? { ircPort: gatewayPort(app) } : {}) });
}

/** Child: a bare Socket.IO server at the same path; `join` puts the socket in the room, `emit` orders broadcast. */
async function serveBare(): Promise<void> {
  const http = createServer();
  const io = new Server(http, { path: socketPath, serveClient: false, transports: ['websocket'] });
  io.on('connection', (socket) => {
    socket.on('join', (_name: unknown, ack?: (answer: { ok: true }) => void) => {
      void socket.join(`channel:${room}`);
      ack?.({ ok: true });
    });
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  // an orderly exit on the parent's SIGTERM, so a CPU profile (BENCH_CPU_PROF) gets written.
  process.once('SIGTERM', () => process.exit(0));
  const address = http.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  measureCpu((order) => {
    const message: ChannelMessage = {
      id: randomUUID(),
      channel: `#${room}`,
      username: 'bench0',
      text: order.text,
      level: 0,
      timestamp: new Date().toISOString(),
    };
    io.to(`channel:${room}`).emit('new-message', message);
    send({ type: 'emitted', seq: order.seq });
  });
  send({
    type: 'ready',
    url: `http://127.0.0.1:${address.port}`,
    tokens: Array.from({ length: clientCount }, () => 'none'),
  });
}

/** The heap (JavaScript and the buffers it holds) and RSS after a full collection (servers run with --expose-gc). */
async function memoryNow(): Promise<{ heapBytes: number; rssBytes: number }> {
  for (let i = 0; i < 3; i += 1) {
    globalThis.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heapBytes: heapUsed + external, rssBytes: rss };
}

/** Answers the parent's CPU window (this process's user + system time), its memory readings and its emit orders. */
function measureCpu(onEmit: (order: { text: string; seq: number }) => void): void {
  let started = process.cpuUsage();
  process.on('message', (message: ToServer) => {
    if (message.type === 'cpu-start') started = process.cpuUsage();
    else if (message.type === 'emit') onEmit(message);
    else if (message.type === 'memory') void memoryNow().then((memory) => send({ type: 'memory', ...memory }));
    else {
      const used = process.cpuUsage(started);
      send({ type: 'cpu', micros: used.user + used.system });
    }
  });
}

/** A raw IRC client of account `bench<index>`, signed in with SASL and in the room; each bench line goes to `onText`. */
async function ircClient(
  port: number,
  index: number,
  onText: (text: string) => void,
  onLost: (reason: string) => void,
): Promise<RawIrc> {
  const client = await connectRawIrc(
    { host: '127.0.0.1', port, localAddress: loopbackSource(Math.floor(index / ircPerAddress), 2) },
    { keep: false },
  );
  const marker = ` PRIVMSG #${room} :`;
  client.onLine((line) => {
    const at = line.indexOf(marker);
    if (at !== -1) onText(line.slice(at + marker.length));
    else if (line.startsWith('ERROR')) onLost(line);
  });
  void client.ended.then(() => onLost('the connection closed'));
  await registerRawIrc(client, { username: `bench${index}`, password: ircPassword }, 120_000);
  client.send(`JOIN #${room}`);
  await client.waitFor((line) => / 366 /.test(line), 60_000);
  return client;
}

/** Worker: connects its share of clients, joins the room, and times every delivery after the warm-up. */
function runClients(): void {
  process.once('message', async (start: ToWorker) => {
    try {
      const clients: { disconnect(): void }[] = [];
      let received = 0;
      let lastAt = 0n;
      const latencies: number[] = [];
      const warmTotal = warmMessages * start.tokens.length;
      const onText = (text: string) => {
        const [, seq, sentAt] = text.split(' ');
        lastAt = nowNs();
        if (Number(seq) >= warmMessages) latencies.push(Number(lastAt - BigInt(sentAt!)) / 1e6);
        received += 1;
        if (received === warmTotal) send({ type: 'warm' });
        if (received === start.expected) send({ type: 'done', latencies, lastAt: String(lastAt) });
      };
      const onMessage = (message: ChannelMessage) => onText(message.text);
      const onLost = (reason: string) => {
        if (received < start.expected)
          send({ type: 'failed', error: `a client was disconnected (${reason}) after ${received} deliveries` });
      };
      const irc = start.irc;
      if (irc) {
        // SASL sign-ins are argon2 checks on the server's thread pool; 25 at once keep it busy without a queue.
        for (let i = 0; i < start.tokens.length; i += 25) {
          const batch = Array.from({ length: Math.min(25, start.tokens.length - i) }, (_, k) => irc.first + i + k);
          const connected = await Promise.all(batch.map((index) => ircClient(irc.port, index, onText, onLost)));
          clients.push(...connected.map((client) => ({ disconnect: () => client.close() })));
        }
        send({ type: 'ready' });
        process.once('disconnect', () => clients.forEach((client) => client.disconnect()));
        return;
      }
      for (let i = 0; i < start.tokens.length; i += 50) {
        await Promise.all(
          start.tokens.slice(i, i + 50).map(async (token) => {
            const client: Socket = connect(start.url, {
              path: socketPath,
              transports: ['websocket'],
              reconnection: false,
              forceNew: true,
              auth: { token },
            });
            clients.push(client);
            client.on('new-message', onMessage);
            client.on('disconnect', (reason) => onLost(reason));
            await new Promise<void>((resolve, reject) => {
              client.once('connect', resolve);
              client.once('connect_error', reject);
            });
            const ack = (await client.timeout(10_000).emitWithAck('join', `#${room}`)) as { ok: boolean };
            if (!ack.ok) throw new Error('join refused');
          }),
        );
      }
      send({ type: 'ready' });
      process.once('disconnect', () => clients.forEach((client) => client.disconnect()));
    } catch (error) {
      send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
    }
  });
}

const child = (args: string[]) => spawnChild(self, args, args[0] === 'serve' ? { nodeFlags: ['--expose-gc'] } : {});

/** Bare: orders one emit from the server child and resolves once it is done. */
function bareEmitter(server: ChildProcess): (seq: number) => Promise<void> {
  const pending = new Map<number, () => void>();
  server.on('message', (message: FromServer) => {
    if (message.type === 'emitted') pending.get(message.seq)?.();
  });
  return (seq) =>
    new Promise((resolve) => {
      pending.set(seq, () => {
        pending.delete(seq);
        resolve();
      });
      server.send({ type: 'emit', text: benchText(seq), seq } satisfies ToServer);
    });
}

/** Papo: one `send-message` over HTTP, from one of the senders (who are in the room). */
function papoSender(url: string, tokens: string[]): (seq: number) => Promise<void> {
  return async (seq) => {
    const response = await fetch(`${url}/api/send-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[seq % senderCount]}` },
      body: JSON.stringify({ channel: room, username: 'ignored', text: benchText(seq) }),
    });
    if (!response.ok) throw new Error(`send-message answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  };
}

/** Sends `count` messages from `first` on, at most `window` in flight. */
async function feed(sendOne: (seq: number) => Promise<void>, first: number, count: number): Promise<void> {
  let nextSeq = first;
  const lane = async (): Promise<void> => {
    while (nextSeq < first + count) await sendOne(nextSeq++);
  };
  await Promise.all(Array.from({ length: window }, lane));
}

interface Result {
  deliveriesPerSec: number;
  cpuMicrosPerDelivery: number;
  p50Ms: number;
  p99Ms: number;
  /** Server memory each connected, idle client added (heap with its buffers, and RSS), in bytes. */
  heapBytesPerClient: number;
  rssBytesPerClient: number;
}

/** The server's memory now, as it reports it. */
async function serverMemory(server: ChildProcess): Promise<{ heapBytes: number; rssBytes: number }> {
  const answer = next<FromServer & { type: 'memory' }>(server, 'memory');
  server.send({ type: 'memory' } satisfies ToServer);
  return answer;
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function scenario(kind: Kind): Promise<Result> {
  const begunAt = Date.now();
  const server = child(['serve', kind]);
  const workers: ChildProcess[] = [];
  try {
    const ready = await next<FromServer & { type: 'ready' }>(server, 'ready');
    const before = await serverMemory(server);
    const sendOne = kind === 'bare' ? bareEmitter(server) : papoSender(ready.url, ready.tokens);
    const workerCount = Math.max(1, Math.min(4, availableParallelism()));
    const share = Math.ceil(clientCount / workerCount);
    for (let w = 0; w < workerCount; w++) {
      const tokens = ready.tokens.slice(w * share, (w + 1) * share);
      const worker = child(['clients']);
      workers.push(worker);
      const irc = kind === 'irc' ? { port: ready.ircPort!, first: w * share } : undefined;
      worker.send({
        type: 'start',
        url: ready.url,
        tokens,
        expected: (warmMessages + measuredMessages) * tokens.length,
        ...(irc ? { irc } : {}),
      } satisfies ToWorker);
    }
    await Promise.all(workers.map((worker) => next(worker, 'ready')));
    const connectedAt = Date.now();
    // every client is connected, in the room and idle: what the server holds more is their cost.
    const idle = await serverMemory(server);
    const warm = Promise.all(workers.map((worker) => next(worker, 'warm')));
    await feed(sendOne, 0, warmMessages);
    await warm;

    const done = Promise.all(workers.map((worker) => next<FromWorker & { type: 'done' }>(worker, 'done')));
    server.send({ type: 'cpu-start' } satisfies ToServer);
    const startedAt = nowNs();
    await feed(sendOne, warmMessages, measuredMessages);
    const reports = await done;
    console.log(
      `${kind}: ${clientCount} clients joined in ${((connectedAt - begunAt) / 1000).toFixed(1)} s; measured in ${(Number(nowNs() - startedAt) / 1e9).toFixed(1)} s`,
    );
    const cpu = next<FromServer & { type: 'cpu' }>(server, 'cpu');
    server.send({ type: 'cpu-stop' } satisfies ToServer);
    const { micros } = await cpu;

    const deliveries = measuredMessages * clientCount;
    const lastAt = reports.reduce(
      (latest, report) => (BigInt(report.lastAt) > latest ? BigInt(report.lastAt) : latest),
      0n,
    );
    const latencies = Float64Array.from(reports.flatMap((report) => report.latencies)).sort();
    if (latencies.length !== deliveries) throw new Error(`${deliveries - latencies.length} deliveries went missing`);
    return {
      deliveriesPerSec: Math.round(deliveries / (Number(lastAt - startedAt) / 1e9)),
      cpuMicrosPerDelivery: round(micros / deliveries, 3),
      p50Ms: round(percentile(latencies, 50)),
      p99Ms: round(percentile(latencies, 99)),
      heapBytesPerClient: Math.round((idle.heapBytes - before.heapBytes) / clientCount),
      rssBytesPerClient: Math.round((idle.rssBytes - before.rssBytes) / clientCount),
    };
  } finally {
    // the Papo run starts only once the bare run's processes are gone.
    await stopChildren([server, ...workers]);
  }
}

/** BENCH_CHAT_TIMEOUT_SCALE stretches every run's time limit on a machine others are loading too (2 = twice as long). */
const timeoutScale = Number(process.env.BENCH_CHAT_TIMEOUT_SCALE ?? 1);
const timedScenario = (kind: Kind) => within(`the ${kind} run`, timeoutsMs[kind] * timeoutScale, scenario(kind));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main(): Promise<void> {
  const loadAtStart = loadavg().map((value) => round(value, 1));
  console.log(
    `chat bench: ${clientCount} clients in #${room}, ${measuredMessages} messages (+${warmMessages} warm-up), ${window} in flight, ${rounds} round(s)`,
  );
  const bare = await timedScenario('bare');
  const played: { papo: Result; irc: Result; load: number }[] = [];
  for (let n = 0; n < rounds; n += 1) {
    const papoRun = await timedScenario('papo');
    const ircRun = await timedScenario('irc');
    played.push({ papo: papoRun, irc: ircRun, load: round(loadavg()[0] ?? 0, 1) });
  }
  const ratiosOf = ({ papo, irc }: { papo: Result; irc: Result }) => ({
    throughput: round(irc.deliveriesPerSec / papo.deliveriesPerSec),
    cpu: round(irc.cpuMicrosPerDelivery / papo.cpuMicrosPerDelivery),
    memory: round(irc.heapBytesPerClient / papo.heapBytesPerClient),
  });
  const roundRatios = played.map(ratiosOf);
  const [{ papo, irc } = { papo: bare, irc: bare }] = played.slice(-1);
  const throughputRatio = round(papo.deliveriesPerSec / bare.deliveriesPerSec);
  const cpuRatio = round(papo.cpuMicrosPerDelivery / bare.cpuMicrosPerDelivery);
  const ircThroughputRatio = round(median(roundRatios.map((r) => r.throughput)));
  const ircCpuRatio = round(median(roundRatios.map((r) => r.cpu)));
  const ircMemoryRatio = round(median(roundRatios.map((r) => r.memory)));

  console.log('\n        deliveries/s  CPU µs/delivery  p50 ms  p99 ms  heap B/client  RSS B/client');
  const rows: [string, Result][] = [
    ['bare', bare],
    ...played.flatMap(({ papo: p, irc: i }, n): [string, Result][] => [
      [`papo#${n + 1}`, p],
      [`irc#${n + 1}`, i],
    ]),
  ];
  for (const [name, r] of rows) {
    console.log(
      `${name.padEnd(8)}${String(r.deliveriesPerSec).padEnd(14)}${String(r.cpuMicrosPerDelivery).padEnd(17)}${String(r.p50Ms).padEnd(8)}${String(r.p99Ms).padEnd(8)}${String(r.heapBytesPerClient).padEnd(15)}${r.rssBytesPerClient}`,
    );
  }
  console.log(
    `throughput ratio ${throughputRatio} (budget ≥ ${budget.throughputRatioMin}); CPU ratio ${cpuRatio} (budget ≤ ${budget.cpuRatioMax})`,
  );
  const withinBudget = throughputRatio >= budget.throughputRatioMin && cpuRatio <= budget.cpuRatioMax;
  const meetsTargets = throughputRatio >= targets.throughputRatioMin && cpuRatio <= targets.cpuRatioMax;
  console.log(withinBudget ? 'within budget' : 'OVER BUDGET');
  console.log(
    `targets (throughput ≥ ${targets.throughputRatioMin}, CPU ≤ ${targets.cpuRatioMax}): ${meetsTargets ? 'met' : 'not met'}`,
  );
  for (const [n, r] of roundRatios.entries())
    console.log(
      `round ${n + 1} (load ${played[n]?.load}): IRC ÷ web throughput ${r.throughput}, CPU ${r.cpu}, memory ${r.memory}`,
    );
  const ircWithinBudget =
    ircThroughputRatio >= ircBudget.throughputRatioMin &&
    ircCpuRatio <= ircBudget.cpuRatioMax &&
    ircMemoryRatio <= ircBudget.memoryRatioMax;
  console.log(
    `IRC ÷ web (median of ${rounds}): throughput ratio ${ircThroughputRatio} (budget ≥ ${ircBudget.throughputRatioMin}); CPU ratio ${ircCpuRatio} (budget ≤ ${ircBudget.cpuRatioMax}); ` +
      `memory per idle client ${ircMemoryRatio} (budget ≤ ${ircBudget.memoryRatioMax}): ${ircWithinBudget ? 'within budget' : 'OVER BUDGET'}`,
  );

  await mkdir(join(repoRoot, 'bench/results'), { recursive: true });
  // the machine is shared; the load average (1, 5, 15 min) says how much else ran beside the bench.
  const loadAverage = { start: loadAtStart, end: loadavg().map((value) => round(value, 1)) };
  console.log(`load average at start ${loadAverage.start.join(', ')}, at end ${loadAverage.end.join(', ')}`);
  const report = {
    clients: clientCount,
    loadAverage,
    papo,
    bare,
    throughputRatio,
    cpuRatio,
    messages: measuredMessages,
    budget: { ...budget, withinBudget },
    targets: { ...targets, met: meetsTargets },
    irc,
    ircThroughputRatio,
    ircCpuRatio,
    ircMemoryRatio,
    ircBudget: { ...ircBudget, withinBudget: ircWithinBudget },
    rounds: played.map((round, n) => ({ ...round, ratios: roundRatios[n] })),
    date: new Date().toISOString(),
  };
  await writeFile(join(repoRoot, 'bench/results/chat.json'), `${JSON.stringify(report, null, 2)}\n`);
}

const [mode, kind] = process.argv.slice(2);
if (mode === 'serve') await (kind === 'bare' ? serveBare() : servePapo(kind === 'irc'));
else if (mode === 'clients') runClients();
else await runParent(main);
