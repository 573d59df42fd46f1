// `npm run bench:pages`: public pages at the speed of bytes. A Papo node (NODE_ENV=production, demo content,
// the real web build) against a bare Fastify sending the same bytes, both real processes on this machine, same run:
// - kept page: `/blog/{slug}` as a browser asks for it (brotli), ÷ the bare Fastify sending those brotli bytes with the
//   same headers; three rounds, the two interleaved in one-second slices (bench/api-process.ts measureRound);
// - cache-miss renders per second: `/blog?q=<a new word each request>` (a declared query parameter, so each one is a
//   page of its own and is rendered), 8 connections, after a first pass of misses that is not counted (V8 compiling
//   the renderer), over twice the others' seconds;
// - random-query storm: `/blog/{slug}?r=<random>` (an undeclared parameter), 8 connections, ÷ the kept page's rate at
//   the same 8 connections;
// - a static file's p99 while 8 large image uploads are decoded: an uploaded picture (`/uploads/profile/…`, read from
//   disk through Node's thread pool) at 2 connections, alone and then while 8 members each keep one 45-frame GIF
//   profile picture upload (800×800, ~1.4 s of image work each) going (decision 032).
// SQLite always; PostgreSQL when TEST_DATABASE_URL is set. Writes bench/results/pages.json. Missed targets are
// reported, not fatal. `BENCH_PAGES_PARTS=miss` (any of kept, storm, miss, static) runs those parts alone and writes
// nothing; `BENCH_PAGES_PROFILE=<dir>` makes the Papo node write a V8 CPU profile there (`--cpu-prof`).
import { randomBytes, randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { readFileSync } from 'node:fs';
import { readFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import sharp from 'sharp';
import type { Dialect } from '../apps/server/src/db/database.js';
import { insertUser } from '../apps/server/src/features/users/repo.js';
import { createTokenService } from '../apps/server/src/lib/tokens.js';
import { createTestDatabase, hasPostgres } from '../apps/server/src/test/db.js';
import { repoRoot } from '../apps/server/src/test/process.js';
import { buildWebApp } from '../e2e/support/build-web.js';
import { checkRun, measureRound, settleStartUp, start, stop, runBenchmark, type Contender } from './api-process.js';
import type { Target } from './api-routes.js';

const rounds = Number(process.env.BENCH_PAGES_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_PAGES_SECONDS ?? 5);
const connections = 10;
const stormConnections = 8;
/** The misses' measured run is twice the others: a render costs milliseconds, a kept page microseconds. */
const missSeconds = seconds * 2;
const self = fileURLToPath(import.meta.url);
/** What a browser sends for a page. */
const pageHeaders = {
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'pt-BR,pt;q=0.9',
};
const targets = { keptPageRatio: 0.5, stormRatio: 0.5, missRendersPerSecond: 150, staticP99MsDuringUploads: 100 };
const uploaders = 8;
const allParts = ['kept', 'storm', 'miss', 'static'] as const;
type Part = (typeof allParts)[number];
const parts = new Set<string>(process.env.BENCH_PAGES_PARTS ? process.env.BENCH_PAGES_PARTS.split(',') : allParts);
const wholeRun = allParts.every((part) => parts.has(part));
const runs = (part: Part) => parts.has(part);
const profileDir = process.env.BENCH_PAGES_PROFILE;
const staticConnections = 2;

interface DatabaseResult {
  page: string;
  pageBytes: { html: number; brotli: number };
  rounds: { papoRps: number; bareRps: number; ratio: number; papoP99Ms: number; bareP99Ms: number }[];
  keptPageRatio: number;
  missRendersPerSecond: number;
  missP99Ms: number;
  /** The node's CPU time per miss: all its threads (compression included), and its main thread alone. */
  missCpuMs: { process: number; mainThread: number };
  storm: { rps: number; keptRps: number; ratio: number; p99Ms: number };
  staticFile: {
    file: string;
    aloneP99Ms: number;
    duringUploadsP99Ms: number;
    duringUploadsAnswered: number;
    uploadsDone: number;
    uploadP50Ms: number;
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** CPU time (user + system, ms) the process `pid` has used, all threads, or its main thread alone (`/proc`). */
function cpuMs(pid: number | undefined, mainThread: boolean): number {
  if (pid === undefined) return Number.NaN;
  const stat = readFileSync(mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields 14 and 15 of stat(5) (utime, stime), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The body of a GET as sent (not decoded): the kept page's brotli bytes. */
function rawBody(url: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    get(url, { headers: pageHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** A run at `connections` whose every request asks `path(n)` (a new address each time). */
async function everyRequestNew(url: string, path: (n: number) => string, clients: number, duration = seconds) {
  let n = 0;
  const target: Target = { url, method: 'GET', headers: pageHeaders };
  const result = await autocannon({
    url,
    connections: clients,
    duration,
    headers: pageHeaders,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: path((n += 1)) }) }],
  });
  checkRun(target, result);
  return { rps: result.requests.total / result.duration, p99Ms: result.latency.p99, total: result.requests.total };
}

/**
 * A 45-frame 800×800 GIF (1.3 MB; ~1.4 s of decoding, resizing and encoding in the upload pipeline on this machine):
 * what an attacker would upload, under every limit (5 MB, 100 frames).
 */
async function largeGif(): Promise<Buffer> {
  const [width, height, frames] = [800, 800, 45];
  const raw = Buffer.alloc(width * height * frames * 3);
  for (let f = 0; f < frames; f += 1) {
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = ((f * height + y) * width + x) * 3;
        const shade = ((x >> 5) + (y >> 5) + f) & 7;
        raw[i] = shade * 32;
        raw[i + 1] = 255 - shade * 32;
        raw[i + 2] = (shade * 80) & 255;
      }
    }
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ colours: 8, effort: 1, dither: 0 })
    .toBuffer();
}

/** Uploads `bytes` as the member's profile picture; answers the picture's address. */
async function uploadPicture(url: string, token: string, bytes: Buffer, type: string): Promise<string> {
  const form = new FormData();
  form.append(
    'profile_picture',
    new Blob([new Uint8Array(bytes)], { type }),
    type === 'image/gif' ? 'big.gif' : 'small.png',
  );
  const response = await fetch(`${url}/api/upload-profile-picture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { imageUrl: string }).imageUrl;
}

/** A static file's p99 alone, then while `uploaders` members each keep a large GIF upload going (`members`: one more, the file's owner). */
async function staticFileDuringUploads(
  url: string,
  members: string[],
  gif: Buffer,
): Promise<DatabaseResult['staticFile']> {
  const small = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  // the file belongs to a member who uploads nothing else: a new picture replaces (and removes) the old one.
  const [owner, ...uploading] = members;
  const file = await uploadPicture(url, owner!, small, 'image/png');
  const target: Target = { url: `${url}${file}`, method: 'GET', headers: {} };
  const run = async () => {
    const result = await autocannon({ ...target, connections: staticConnections, duration: seconds });
    checkRun(target, result);
    return result;
  };
  const alone = await run();
  let going = true;
  const took: number[] = [];
  const loops = uploading.map(async (token) => {
    while (going) {
      const started = performance.now();
      await uploadPicture(url, token, gif, 'image/gif');
      took.push(performance.now() - started);
    }
  });
  let during: autocannon.Result;
  try {
    // the uploads' bodies are read and their decoding under way before the file is measured.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    during = await run();
  } finally {
    going = false;
    await Promise.allSettled(loops);
  }
  await Promise.all(loops);
  return {
    file,
    aloneP99Ms: alone.latency.p99,
    // no answer within the run (the file stalled behind the uploads) counts as the run's length, a lower bound.
    duringUploadsP99Ms: during.requests.total > 0 ? during.latency.p99 : seconds * 1000,
    duringUploadsAnswered: during.requests.total,
    uploadsDone: took.length,
    uploadP50Ms: Math.round(medianOf(took)),
  };
}

async function benchDatabase(dialect: Dialect, dist: string, gif: Buffer): Promise<DatabaseResult> {
  const database = await createTestDatabase(dialect);
  const dataDir = await mkdtemp(join(tmpdir(), 'papo-bench-pages-'));
  try {
    const secret = randomBytes(32).toString('hex');
    const env = {
      NODE_ENV: 'production',
      JWT_SECRET: secret,
      // the members upload far more than a person would: the bench measures the image work, not the limits.
      UPLOAD_RATE_MEMBER: '100000',
      UPLOAD_RATE_ADDRESS: '100000',
      // the misses measure how fast the node renders, so the budget of new renders (decision 043) is lifted.
      RENDERS_PER_ADDRESS: '100000',
      RENDERS_PER_NODE: '100000',
      DATA_DIR: database.sqliteFile ? dirname(database.sqliteFile) : dataDir,
      WEB_DIST: dist,
      DEMO_CONTENT: '1',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
    const papo = await start([...profile, 'apps/server/src/main.ts'], env, join(dataDir, 'papo.log'), '/healthz');
    await settleStartUp(papo.url);
    const list = (await (await fetch(`${papo.url}/api/articles`)).json()) as { articles: { slug: string }[] };
    const page = `/blog/${list.articles[0]!.slug}`;
    // the kept page as a browser gets it: its brotli bytes and headers, which the bare Fastify then sends.
    const first = await fetch(`${papo.url}${page}`, { headers: pageHeaders });
    const html = Buffer.from(await first.arrayBuffer());
    const raw = await rawBody(`${papo.url}${page}`);
    if (first.headers.get('content-encoding') !== 'br') throw new Error(`${page} was not sent with brotli`);
    const bytesFile = join(dataDir, 'page.br');
    await writeFile(bytesFile, raw);
    const bare = await start([self, 'serve-bytes'], { BENCH_PAGE_BYTES: bytesFile }, join(dataDir, 'bare.log'), '/');
    try {
      const papoTarget: Target = { url: `${papo.url}${page}`, method: 'GET', headers: pageHeaders };
      const bareTarget: Target = { url: `${bare.url}/`, method: 'GET', headers: pageHeaders };
      const contenders: Contender[] = [
        { target: bareTarget, pid: bare.child.pid },
        { target: papoTarget, pid: papo.child.pid },
      ];
      const perRound: DatabaseResult['rounds'] = [];
      for (let round = 1; runs('kept') && round <= rounds; round += 1) {
        const [bareRun, papoRun] = await measureRound(contenders, round % 2 === 1, {
          connections,
          seconds,
          slices: seconds,
        });
        const ratio = papoRun!.rps / bareRun!.rps;
        perRound.push({
          papoRps: Math.round(papoRun!.rps),
          bareRps: Math.round(bareRun!.rps),
          ratio: round2(ratio),
          papoP99Ms: papoRun!.p99Ms,
          bareP99Ms: bareRun!.p99Ms,
        });
        console.log(
          `${dialect} round ${round}: kept page ${Math.round(papoRun!.rps)} req/s, bare ${Math.round(bareRun!.rps)} req/s: ${ratio.toFixed(2)} (load ${loadavg()[0]!.toFixed(1)})`,
        );
      }
      const tag = randomBytes(4).toString('hex');
      // the storm before the misses: renders queued by the miss run go on after it ends, and would be measured.
      const skipped = { rps: 0, p99Ms: 0, total: 0 };
      const storm = runs('storm')
        ? await everyRequestNew(papo.url, (n) => `${page}?r=${tag}${n}`, stormConnections)
        : skipped;
      const kept = runs('storm') ? await everyRequestNew(papo.url, () => page, stormConnections) : skipped;
      if (runs('storm'))
        console.log(
          `${dialect}: random-query storm ${Math.round(storm.rps)} req/s, the kept page at ${stormConnections} connections ${Math.round(kept.rps)} req/s`,
        );
      // a first pass of misses, not counted: the renderer's code is compiled by V8 while it runs (the first
      // seconds of a node's first misses cost ~1.5× the main thread's CPU of the rest), and the target is a node's pace.
      if (runs('miss')) await everyRequestNew(papo.url, (n) => `/blog?q=aquecer${tag}${n}`, stormConnections);
      const cpuBefore = { process: cpuMs(papo.child.pid, false), mainThread: cpuMs(papo.child.pid, true) };
      const miss = runs('miss')
        ? await everyRequestNew(papo.url, (n) => `/blog?q=palavra${tag}${n}`, stormConnections, missSeconds)
        : skipped;
      const misses = miss.total;
      const missCpuMs = {
        process: round2((cpuMs(papo.child.pid, false) - cpuBefore.process) / misses),
        mainThread: round2((cpuMs(papo.child.pid, true) - cpuBefore.mainThread) / misses),
      };
      if (runs('miss')) {
        console.log(
          `${dialect}: cache-miss renders ${miss.rps.toFixed(1)}/s, p99 ${miss.p99Ms} ms; CPU per miss ${missCpuMs.process} ms ` +
            `(main thread ${missCpuMs.mainThread} ms; load ${loadavg()[0]!.toFixed(1)})`,
        );
      }
      const tokens = createTokenService(secret);
      const members: string[] = [];
      for (let i = 0; i <= uploaders; i += 1) {
        const username = `envio${i}`;
        const userId = await insertUser(database.handle.db, {
          name: username,
          username,
          email: `${username}@example.com`,
          passwordHash: null,
          roles: ['ROLE_USER'],
          verified: true,
        });
        members.push(await tokens.signAccessToken({ userId, username, roles: ['ROLE_USER'], sessionId: randomUUID() }));
      }
      const staticFile = runs('static')
        ? await staticFileDuringUploads(papo.url, members, gif)
        : { file: '', aloneP99Ms: 0, duringUploadsP99Ms: 0, duringUploadsAnswered: 0, uploadsDone: 0, uploadP50Ms: 0 };
      if (runs('static'))
        console.log(
          `${dialect}: a static file's p99 ${staticFile.aloneP99Ms} ms alone, ${staticFile.duringUploadsP99Ms} ms while ${uploaders} GIF uploads are decoded ` +
            `(${staticFile.duringUploadsAnswered} answers in ${seconds} s) ` +
            `(${staticFile.uploadsDone} uploads done, p50 ${staticFile.uploadP50Ms} ms each; load ${loadavg()[0]!.toFixed(1)})`,
        );
      return {
        page,
        pageBytes: { html: html.length, brotli: raw.length },
        rounds: perRound,
        keptPageRatio: perRound.length ? round2(medianOf(perRound.map((r) => r.ratio))) : 0,
        missRendersPerSecond: round2(miss.rps),
        missP99Ms: miss.p99Ms,
        missCpuMs,
        storm: {
          rps: Math.round(storm.rps),
          keptRps: Math.round(kept.rps),
          ratio: round2(storm.rps / kept.rps),
          p99Ms: storm.p99Ms,
        },
        staticFile,
      };
    } finally {
      await Promise.all([stop(papo.child), stop(bare.child)]);
    }
  } finally {
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Child: the baseline, a bare Fastify with no logger, hooks or plugins sending the kept page's brotli bytes. */
async function serveBytes(): Promise<void> {
  const bytes = await readFile(process.env.BENCH_PAGE_BYTES!);
  const app = Fastify();
  app.get('/', (_request, reply) => {
    void reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-encoding', 'br')
      .header('vary', 'accept-encoding, cookie')
      .send(bytes);
  });
  process.once('SIGTERM', () => void app.close().finally(() => process.exit(0)));
  await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
}

async function main(): Promise<void> {
  const dialects: Dialect[] = hasPostgres ? ['sqlite', 'postgres'] : ['sqlite'];
  if (!hasPostgres) console.log('PostgreSQL skipped: TEST_DATABASE_URL is not set');
  const build = await buildWebApp();
  const gif = await largeGif();
  const results: Record<string, unknown> = {
    connections,
    stormConnections,
    seconds,
    rounds,
    targets,
    loadAverageBefore: loadavg(),
  };
  const missed: string[] = [];
  try {
    for (const dialect of dialects) {
      const result = await benchDatabase(dialect, build.dist, gif);
      results[dialect] = result;
      if (!wholeRun) continue;
      if (result.keptPageRatio < targets.keptPageRatio)
        missed.push(`${dialect}: kept page ${result.keptPageRatio} < ${targets.keptPageRatio} of bare Fastify`);
      if (result.storm.ratio < targets.stormRatio)
        missed.push(`${dialect}: random-query storm ${result.storm.ratio} < ${targets.stormRatio} of the kept page`);
      if (result.missRendersPerSecond < targets.missRendersPerSecond)
        missed.push(
          `${dialect}: cache-miss renders ${result.missRendersPerSecond}/s < ${targets.missRendersPerSecond}/s`,
        );
      if (result.staticFile.duringUploadsP99Ms > targets.staticP99MsDuringUploads) {
        missed.push(
          `${dialect}: a static file's p99 ${result.staticFile.duringUploadsP99Ms} ms > ${targets.staticP99MsDuringUploads} ms while ${uploaders} uploads are decoded`,
        );
      }
    }
  } finally {
    await build.cleanup();
  }
  results.loadAverageAfter = loadavg();
  results.missed = missed;
  console.log(
    `\n${'database'.padEnd(10)}kept page ÷ bare  cache-miss renders/s (CPU ms each)  storm ÷ kept page  static p99 during uploads`,
  );
  for (const dialect of dialects) {
    const r = results[dialect] as DatabaseResult;
    console.log(
      `${dialect.padEnd(10)}${String(r.keptPageRatio).padEnd(18)}${`${r.missRendersPerSecond} (${r.missCpuMs.process}; main ${r.missCpuMs.mainThread})`.padEnd(34)}${String(r.storm.ratio).padEnd(19)}${r.staticFile.duringUploadsP99Ms} ms`,
    );
  }
  missed.forEach((line) => console.log(`MISSED: ${line}`));
  console.log(
    `load average (1, 5, 15 min) before ${(results.loadAverageBefore as number[]).map((n) => n.toFixed(1)).join(' ')}, after ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
  if (!wholeRun) return console.log(`parts ${[...parts].join(', ')} alone: bench/results/pages.json left as it was`);
  const file = join(repoRoot, 'bench/results/pages.json');
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ ...results, measuredAt: new Date().toISOString() }, null, 2)}\n`);
  console.log(`written ${file}`);
}

if (process.argv[2] === 'serve-bytes') {
  await serveBytes();
} else {
  await runBenchmark(main);
}
