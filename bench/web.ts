// `npm run bench:web`: gzipped JS of the first route and Lighthouse (mobile) scores, beside two busy workers, for /, /channels and one
// article, lyric, shop and video of the demo content, checked against the budgets of decisions 019 and 023 (JS ≤ 150 KiB,
// performance ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.05, TBT ≤ 200 ms, SEO 100, with the SEO audits that failed; decision 042: JS ≤ 60 KiB on an article, a lyric, a shop and the blog list, ≤ 90 on /) and written to bench/results/web.json; before them, the first-route
// JS of every public route of the route table (one load each in Chromium, no Lighthouse), under `jsOnly`.
// Over budget is reported, not fatal; only a failed measurement exits non-zero.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from '../e2e/support/chromium.js';
import { buildWebApp } from '../e2e/support/build-web.js';
import { repoRoot, startServer } from '../e2e/support/server.js';
import { withRuntimeErrorRetries } from './lib/lighthouse-retry.js';
import { failedSeoAudits, type SeoReport } from './lib/lighthouse-seo.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

// SEO 100 on every measured route, reported beside performance with the audits that failed. Pages of
// islands (decision 042) have their own JavaScript budgets (`jsBudgetKiB`); total blocking time is measured while two
// CPU-bound workers run beside Chromium (`busyWorkers`): a phone is always doing something else.
const budget = { jsGzipKiB: 150, performance: 95, lcpMs: 2000, cls: 0.05, tbtMs: 200, seo: 100 };
const busyWorkers = 2;

/** The first-route JavaScript budget of `route` (KiB gzipped): 90 on `/`, 60 on an article, a lyric, a shop and the blog list. */
function jsBudgetKiB(route: string): number {
  if (route === '/') return 90;
  if (route === '/blog' || /^\/(blog|lyrics|shop)\/[^/]+$/.test(route)) return 60;
  return budget.jsGzipKiB;
}

/** Starts CPU-bound processes that run until `stop`: the Lighthouse runs are measured on a busy machine. */
function startBusyWorkers(count: number): () => void {
  const workers = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) Math.sqrt(Math.random());'], { stdio: 'ignore' }),
  );
  return () => workers.forEach((worker) => worker.kill());
}
// five runs, as Lighthouse's documentation advises for a median: a route's figures move from run to run (decision 019).
const lighthouseRuns = Number(process.env.BENCH_WEB_RUNS ?? 5);
// `npm run bench:web -- --js-only` runs only the JavaScript pass over every public route (no Lighthouse: sizes do not
// depend on the machine's load) and merges its `jsOnly` key into bench/results/web.json.
// Routes named after it (`-- --js-only /videos /photos`) are the only ones measured, and replace just their own entries.
const jsOnlyMode = process.argv.includes('--js-only');
const jsOnlyRoutes = jsOnlyMode
  ? process.argv.slice(process.argv.indexOf('--js-only') + 1).filter((arg) => arg.startsWith('/'))
  : [];
// `npm run bench:web -- --lighthouse /channels [routes…]` runs only Lighthouse, on those routes, and prints its runs
// without writing bench/results/web.json: for looking into one route's figures without the whole bench.
const lighthouseOnlyMode = process.argv.includes('--lighthouse');
const lighthouseOnlyRoutes = lighthouseOnlyMode
  ? process.argv.slice(process.argv.indexOf('--lighthouse') + 1).filter((arg) => arg.startsWith('/'))
  : [];
const categories = {
  performance: 'performance',
  accessibility: 'accessibility',
  bestPractices: 'best-practices',
  seo: 'seo',
};
type Scores = Record<keyof typeof categories, number>;
// the metrics behind the performance score, so an over-budget line says where the time goes.
const metricAudits = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
};
type Metrics = Record<keyof typeof metricAudits, number>;

interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: LighthouseDetails }>;
}

// the parts of Lighthouse's audit details this bench reads (lists nest tables; the chain audit has its longest).
interface LighthouseDetails {
  type?: string;
  items?: ({ url?: string; resourceType?: string } & Record<string, unknown>)[];
  longestChain?: { length: number; duration: number; transferSize: number };
  debugData?: { networkStartTimeTs?: number };
}

/** What one Lighthouse run says about where its time went, printed per run so a slow run explains itself. */
interface RunDiagnosis {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  /** The same paints as the unthrottled browser saw them (the simulation's input). */
  observedFcpMs: number;
  observedLcpMs: number;
  /** The page's own answer time (`server-response-time`, observed). */
  ttfbMs: number;
  /** The element Lighthouse names as the largest paint, as a short selector and label. */
  lcpElement: string;
  /** The LCP's phases (ms): time to first byte, load delay, load time, render delay (simulated). */
  lcpPhases: Record<string, number>;
  /** Longest critical request chain: requests in it and its duration (ms, observed). */
  chainLength: number;
  chainMs: number;
  /**
   * Requests besides the page that had finished when the unthrottled browser painted its LCP, with their size. The
   * simulation counts each of them as needed for that paint (module scripts included: Chromium records no script
   * evaluation for them, by which Lighthouse would see that a script ran after the paint), so a run where the
   * scripts came in before the paint has a later simulated LCP than one where the paint came first.
   */
  doneBeforeLcp: number;
  doneBeforeLcpKiB: number;
}

/** Path of a same-origin asset inside dist, or undefined for anything outside it. */
function distFile(distDir: string, pathname: string): string | undefined {
  const file = normalize(join(distDir, decodeURIComponent(pathname)));
  return file.startsWith(distDir + sep) ? file : undefined;
}

// only static imports count; `import("./x.js")` is lazy and is counted when a route actually loads it.
const staticImport = /\b(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

// the manifest key of public pages' entry (decision 042): a page of islands loads it instead of index.html's.
const publicEntryKey = 'src/public-entry.ts';

/**
 * The app's entry script (index.html's), its modulepreloads and everything they import statically, as dist paths; or,
 * with `islands`, the public pages' entry and what it imports statically.
 */
async function entryChain(distDir: string, islands = false): Promise<Set<string>> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const tags = islands
    ? []
    : [
        ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
        ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*>/g),
      ];
  const pending = tags
    .map((match) => (match[1] ?? /\bhref="([^"]+)"/.exec(match[0])?.[1]) || '')
    .map((src) => distFile(distDir, new URL(src, 'http://x/').pathname))
    .filter((file): file is string => Boolean(file));
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[] }
    >;
    const visit = (key: string, seen: Set<string>): void => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      pending.push(join(distDir, chunk.file));
      chunk.imports?.forEach((next) => visit(next, seen));
    };
    const seen = new Set<string>();
    Object.entries(manifest)
      .filter(([key, chunk]) => chunk.isEntry && (key === publicEntryKey) === islands)
      .forEach(([key]) => visit(key, seen));
  }
  const chain = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (chain.has(file) || !file.endsWith('.js')) continue;
    chain.add(file);
    const code = await readFile(file, 'utf8');
    for (const match of code.matchAll(staticImport)) pending.push(normalize(join(file, '..', match[1]!)));
  }
  return chain;
}

async function gzipKiB(files: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(file), { level: 9 }).length;
  return Math.round((bytes / 1024) * 10) / 10;
}

/** Runs the Lighthouse CLI once; resolves with its exit code and error output (a runtime error still writes the report). */
function runLighthouse(url: string, outputPath: string): Promise<{ code: number | null; stderr: string }> {
  const args = [
    join(repoRoot, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    `--only-categories=${Object.values(categories).join(',')}`,
    `--chrome-flags=${chromiumFlags.join(' ')}`,
  ];
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: chromiumPath } });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

/** One Lighthouse report of `url`, retrying a run that ended in a Lighthouse runtime error (lib/lighthouse-retry.ts). */
function lighthouseReport(url: string, outputPath: string): Promise<LighthouseReport> {
  return withRuntimeErrorRetries<LighthouseReport>(url, async () => {
    await rm(outputPath, { force: true });
    const { code, stderr } = await runLighthouse(url, outputPath);
    const report = existsSync(outputPath)
      ? (JSON.parse(await readFile(outputPath, 'utf8')) as LighthouseReport)
      : undefined;
    return { code, stderr, report };
  });
}

const phaseKeys: Record<string, string> = {
  TTFB: 'ttfb',
  'Load Delay': 'loadDelay',
  'Load Time': 'loadTime',
  'Render Delay': 'renderDelay',
};

/** One run's figures and the causes Lighthouse names: LCP element and phases, page answer time, critical chain. */
export function diagnose(report: LighthouseReport): RunDiagnosis {
  const audit = (id: string) => report.audits[id];
  const numeric = (id: string) => Math.round(audit(id)?.numericValue ?? Number.NaN);
  const observed = (audit('metrics')?.details?.items?.[0] ?? {}) as Record<string, number | undefined>;
  const [elementTable, phaseTable] = (audit('largest-contentful-paint-element')?.details?.items ??
    []) as LighthouseDetails[];
  const node = elementTable?.items?.[0]?.node as { selector?: string; nodeLabel?: string } | undefined;
  const label = (node?.nodeLabel ?? '').replace(/\s+/g, ' ').slice(0, 40);
  const lcpPhases: Record<string, number> = {};
  for (const item of phaseTable?.items ?? []) {
    const key = phaseKeys[String(item.phase)] ?? String(item.phase);
    lcpPhases[key] = Math.round(Number(item.timing));
  }
  const chain = audit('critical-request-chains')?.details?.longestChain;
  const requests = audit('network-requests')?.details;
  const networkStart = requests?.debugData?.networkStartTimeTs;
  const lcpTs = observed.observedLargestContentfulPaintTs;
  const lcpAt = networkStart !== undefined && lcpTs !== undefined ? (lcpTs - networkStart) / 1000 : Number.NaN;
  const before = (requests?.items ?? []).filter(
    (item) => item.resourceType !== 'Document' && Number(item.networkEndTime) <= lcpAt,
  );
  return {
    performance: Math.round((report.categories.performance?.score ?? Number.NaN) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    observedFcpMs: Math.round(observed.observedFirstContentfulPaint ?? Number.NaN),
    observedLcpMs: Math.round(observed.observedLargestContentfulPaint ?? Number.NaN),
    ttfbMs: numeric('server-response-time'),
    lcpElement: node ? `${node.selector ?? '?'} "${label}"` : 'none',
    lcpPhases,
    chainLength: chain?.length ?? 0,
    chainMs: Math.round(chain?.duration ?? 0),
    doneBeforeLcp: before.length,
    doneBeforeLcpKiB: Math.round(before.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0) / 102.4) / 10,
  };
}

function describeRun(route: string, run: number, d: RunDiagnosis): string {
  const phases = Object.entries(d.lcpPhases)
    .map(([key, ms]) => `${key} ${ms}`)
    .join(', ');
  return (
    `  ${route} run ${run + 1}: perf ${d.performance}, FCP ${d.fcpMs} ms, LCP ${d.lcpMs} ms (observed ${d.observedFcpMs}/${d.observedLcpMs}), ` +
    `TTFB ${d.ttfbMs} ms, chain ${d.chainLength} requests/${d.chainMs} ms, load ${loadAverage()}\n    LCP element ${d.lcpElement} [${phases}]\n` +
    `    done before the unthrottled LCP paint: ${d.doneBeforeLcp} requests, ${d.doneBeforeLcpKiB} KiB`
  );
}

/** The machine's 1-minute load average, with two decimals: every figure here moves with it. */
function loadAverage(): string {
  return loadavg()[0]!.toFixed(2);
}

// what Lighthouse's Chromium asks with (English, no cookies): the rendered-page cache keys a page by its language
// and cookies, so a warm-up with other headers would warm another entry.
const lighthouseHeaders = {
  accept: 'text/html',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};

/**
 * Asks for the route once as Lighthouse will, so its first run finds the page rendered as every later one does: the
 * server keeps rendered pages and renders the next one behind a kept page (decision 019), so only a route's very
 * first request waits for a render. Returns the time to the answer's headers (ms) of that first request.
 */
async function warmUp(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: lighthouseHeaders });
  const ms = Math.round(performance.now() - started);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status} to the warm-up`);
  return ms;
}

/** Runs Lighthouse several times; each score and metric is its median over the runs (runs vary). */
async function measureRoute(baseUrl: string, route: string, workDir: string, distDir: string) {
  console.log(`  ${route}: warm-up request answered in ${await warmUp(baseUrl + route)} ms (load ${loadAverage()})`);
  const reports: LighthouseReport[] = [];
  const runs: RunDiagnosis[] = [];
  for (let run = 0; run < lighthouseRuns; run += 1) {
    const outputPath = join(workDir, `lh-${reports.length}-${route.replaceAll('/', '_')}.json`);
    const report = await lighthouseReport(baseUrl + route, outputPath);
    reports.push(report);
    runs.push(diagnose(report));
    console.log(describeRun(route, run, runs.at(-1)!));
  }
  const score = (report: LighthouseReport, id: string) => {
    const value = report.categories[id]?.score;
    if (typeof value !== 'number') throw new Error(`lighthouse ${route}: no ${id} score`);
    return Math.round(value * 100);
  };
  // each budgeted figure is the median of its own values over the runs (a figure's budget is its own), so one run
  // in the simulation's slow mode (decision 019, fourth pass) moves no figure; every run stays in `runs`. The scripts
  // counted are those of Lighthouse's own median run (lighthouse/core/lib/median-run.js: nearest the median first paint
  // and time to interactive).
  const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const median = computeMedianRun(reports as never) as unknown as LighthouseReport;
  const lighthouse = Object.fromEntries(
    Object.entries(categories).map(([key, id]) => [key, medianOf(reports.map((report) => score(report, id)))]),
  ) as Scores;
  const metrics = Object.fromEntries(
    Object.entries(metricAudits).map(([key, id]) => {
      const value = medianOf(reports.map((report) => report.audits[id]?.numericValue ?? Number.NaN));
      return [key, key === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value)];
    }),
  ) as Metrics;
  const loaded = (median.audits['network-requests']?.details?.items ?? [])
    .filter((item) => item.url?.startsWith(baseUrl))
    .map((item) => ({ type: item.resourceType, file: distFile(distDir, new URL(item.url!).pathname) }))
    .filter((item): item is { type: string | undefined; file: string } => Boolean(item.file && existsSync(item.file)));
  const loadedScripts = loaded.filter((item) => item.type === 'Script').map((item) => item.file);
  // the interface texts come as JSON (decision 019): not script, but reported so no byte hides.
  const loadedTexts = loaded.filter((item) => item.file.endsWith('.json')).map((item) => item.file);
  return {
    lighthouse,
    metrics,
    loadedScripts,
    loadedTexts,
    runs,
    seoFailed: failedSeoAudits(reports as unknown as SeoReport[]),
  };
}

/** `/`, `/channels`, and the first article, lyric, shop and video the demo content's public lists show. */
async function benchRoutes(baseUrl: string): Promise<string[]> {
  const first = async (path: string, list: string) => {
    const response = await fetch(baseUrl + path);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    const slug = ((await response.json()) as Record<string, { slug: string }[] | undefined>)[list]?.[0]?.slug;
    if (!slug) throw new Error(`${path} lists nothing: is the demo content on?`);
    return slug;
  };
  return [
    '/',
    '/channels',
    `/blog/${await first('/api/articles', 'articles')}`,
    `/lyrics/${await first('/api/lyrics', 'lyrics')}`,
    `/shop/${await first('/api/stores?page=1&limit=1', 'items')}`,
    `/video/${((await (await fetch(`${baseUrl}/api/youtube/channel-content`)).json()) as { recentVideos: { id: string }[] }).recentVideos[0]!.id}`,
  ];
}

// what a route of the web app's route table looks like to this bench (imported at run time, see publicRoutes).
interface RouteTableEntry {
  path: string;
  handle: { name: string; requiresAuth: boolean };
}

// a path no route has: the rendered 404 page, a public page too (decision 019), answered with status 404.
const notFoundProbe = '/no/such/page';

/**
 * Every public page of the route table (apps/web/src/app/routes/route-table.ts), its parameter filled with the
 * first slug or id the demo content's public lists show; a new public route with a parameter must be given one here.
 */
async function publicRoutes(baseUrl: string): Promise<string[]> {
  const json = async <T>(path: string): Promise<T> => {
    const response = await fetch(baseUrl + path);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const firstOf = async (path: string, pick: (body: never) => string | number | undefined): Promise<string> => {
    const value = pick(await json<never>(path));
    if (value === undefined) throw new Error(`${path} lists nothing: is the demo content on?`);
    return String(value);
  };
  type Slugs = { slug: string }[];
  const parameters: Record<string, () => Promise<string>> = {
    blogView: () => firstOf('/api/articles', (body: { articles?: Slugs }) => body.articles?.[0]?.slug),
    lyricView: () => firstOf('/api/lyrics', (body: { lyrics?: Slugs }) => body.lyrics?.[0]?.slug),
    // an author's page is found through the first article's author (the list names authors by display name only).
    author: async () => {
      const slug = await firstOf('/api/articles', (body: { articles?: Slugs }) => body.articles?.[0]?.slug);
      return firstOf(
        `/api/article/${encodeURIComponent(slug)}`,
        (body: { author?: { username: string } | null }) => body.author?.username,
      );
    },
    shopView: () => firstOf('/api/stores?page=1&limit=1', (body: { items?: Slugs }) => body.items?.[0]?.slug),
    courseView: () => firstOf('/api/courses', (body: { items?: Slugs }) => body.items?.[0]?.slug),
    videoView: () =>
      firstOf(
        '/api/youtube/channel-content',
        (body: { recentVideos?: { id: string }[] }) => body.recentVideos?.[0]?.id,
      ),
    // a channel's address is public (a visitor's page of it, decision 023): the first channel the list shows.
    channel: () =>
      firstOf(
        '/api/channels',
        (body: { categories?: { channels: { name: string }[] }[] }) => body.categories?.[0]?.channels[0]?.name,
      ),
    // a preview link's page loads the article page's own screen whatever its token says (decision 024): a token
    // no link has shows that screen's notice, with the same scripts as a real link.
    preview: async () => 'no-such-preview-link',
    // the biography's page is years; a person is found through the first tag a year names.
    person: async () => {
      const tag = await firstOf(
        '/api/pages/bio',
        (body: { sections?: { tags: string[] }[] }) => body.sections?.flatMap((section) => section.tags)[0],
      );
      return firstOf(
        `/api/searchBio?name=${encodeURIComponent(tag)}`,
        (body: { sections?: { id: number }[] }) => body.sections?.[0]?.id,
      );
    },
  };
  // a variable specifier keeps the web app's sources out of this project's type check (other module settings).
  const routeTable: string = join(repoRoot, 'apps/web/src/app/routes/route-table.ts');
  const { routeDefs } = (await import(routeTable)) as { routeDefs: readonly RouteTableEntry[] };
  const routes: string[] = [];
  for (const { path, handle } of routeDefs) {
    if (handle.requiresAuth) continue;
    if (path === '*') {
      routes.push(notFoundProbe);
      continue;
    }
    if (!path.includes(':')) {
      routes.push(path);
      continue;
    }
    const parameter = parameters[handle.name];
    if (!parameter)
      throw new Error(
        `public route ${path} (${handle.name}) takes a parameter and bench/web.ts has no demo value for it`,
      );
    routes.push(path.replace(/:\w+/, encodeURIComponent(await parameter())));
  }
  return routes;
}

/**
 * The JavaScript-only pass: each route loaded once in headless Chromium as Lighthouse's phone sees it (412 px wide,
 * touch, no cookies), counting the entry chain plus every script the page requested until the network was idle.
 */
async function measureJsOnly(
  baseUrl: string,
  routes: string[],
  distDir: string,
  entries: { app: Set<string>; islands: Set<string> },
): Promise<Record<string, number>> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const sizes: Record<string, number> = {};
  try {
    for (const route of routes) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      try {
        const page = await context.newPage();
        const scripts = new Set<string>();
        page.on('request', (request) => {
          if (request.resourceType() !== 'script' || !request.url().startsWith(baseUrl)) return;
          const file = distFile(distDir, new URL(request.url()).pathname);
          if (file && existsSync(file)) scripts.add(file);
        });
        const response = await page.goto(baseUrl + route, { waitUntil: 'networkidle', timeout: 60_000 });
        const expected = route === notFoundProbe ? 404 : 200;
        if (response?.status() !== expected)
          throw new Error(`${route} answered ${response?.status() ?? 'nothing'}, not ${expected}`);
        // a page of islands loads the public entry's chain, any other the app's (decision 042).
        const entry = (await page.evaluate(() => document.documentElement.hasAttribute('data-islands')))
          ? entries.islands
          : entries.app;
        entry.forEach((file) => scripts.add(file));
        // on a busy machine a script can parse for longer than the network's idle half-second before it asks
        // for the next chunk: the page counts as loaded once a further second brings no new script.
        for (let known = -1; known !== scripts.size;) {
          known = scripts.size;
          await page.waitForTimeout(1_000);
        }
        sizes[route] = await gzipKiB(scripts);
        if (process.env.BENCH_WEB_VERBOSE)
          console.log(
            route,
            [...scripts]
              .filter((file) => !entry.has(file))
              .map((file) => file.slice(distDir.length))
              .join(' '),
          );
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return sizes;
}

type RouteResult = {
  jsGzipKiB: number;
  textsJsonGzipKiB: number;
  scripts: string[];
  lighthouse: Scores;
  metrics: Metrics;
  /** The weighted SEO audits that failed in any run (empty at SEO 100). */
  seoFailed: string[];
  /** Every Lighthouse run of the route in order (the kept one is the median by performance), with its causes. */
  runs: RunDiagnosis[];
  /** The 1-minute load average before the route's first run and after its last. */
  loadAverage: { before: number; after: number };
};

async function main(): Promise<void> {
  if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1)
    throw new Error('BENCH_WEB_RUNS must be a positive integer');
  if (lighthouseOnlyMode && lighthouseOnlyRoutes.length === 0)
    throw new Error('--lighthouse needs the routes to measure (`-- --lighthouse /channels`)');
  const build = await buildWebApp();
  const results: Record<string, RouteResult> = {};
  let jsOnly: Record<string, number> = {};
  const workDir = await mkdtemp(join(tmpdir(), 'papo-bench-web-'));
  try {
    const distDir = build.dist;
    const entry = await entryChain(distDir);
    if (entry.size === 0) throw new Error('no entry script found in the built index.html');
    const islandsEntry = await entryChain(distDir, true);
    // NODE_ENV=development with demo content is what a newcomer's `npm start` serves: a page with real content.
    const server = await startServer({
      webDist: distDir,
      env: { NODE_ENV: 'development', DEMO_CONTENT: '1' },
      readyTimeoutMs: 180_000,
    });
    try {
      if (!lighthouseOnlyMode) {
        const routes = jsOnlyRoutes.length > 0 ? jsOnlyRoutes : await publicRoutes(server.url);
        jsOnly = await measureJsOnly(server.url, routes, distDir, { app: entry, islands: islandsEntry });
      }
      const lighthouseRoutes = lighthouseOnlyMode
        ? lighthouseOnlyRoutes
        : jsOnlyMode
          ? []
          : await benchRoutes(server.url);
      if (lighthouseRoutes.length > 0)
        console.log(`Lighthouse runs beside ${busyWorkers} CPU-bound worker processes (a busy phone)`);
      const stopBusyWorkers = lighthouseRoutes.length > 0 ? startBusyWorkers(busyWorkers) : () => undefined;
      try {
        for (const route of lighthouseRoutes) {
          const before = loadavg()[0]!;
          const { lighthouse, metrics, loadedScripts, loadedTexts, runs, seoFailed } = await measureRoute(
            server.url,
            route,
            workDir,
            distDir,
          );
          const chain = loadedScripts.some((file) => islandsEntry.has(file)) ? islandsEntry : entry;
          const scripts = [...new Set([...chain, ...loadedScripts])].sort();
          const files = scripts.map((file) => file.slice(distDir.length));
          const textsJsonGzipKiB = await gzipKiB(new Set(loadedTexts));
          const loadAverage = { before: Math.round(before * 100) / 100, after: Math.round(loadavg()[0]! * 100) / 100 };
          results[route] = {
            jsGzipKiB: await gzipKiB(scripts),
            textsJsonGzipKiB,
            scripts: files,
            lighthouse,
            metrics,
            seoFailed,
            runs,
            loadAverage,
          };
        }
      } finally {
        stopBusyWorkers();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
    await build.cleanup();
  }

  const over: string[] = [];
  const jsWidth = Math.max(16, ...Object.keys(jsOnly).map((route) => route.length + 2));
  console.log(`\n${'public route'.padEnd(jsWidth)}JS gzip KiB  (one load in Chromium, phone viewport, no Lighthouse)`);
  for (const [route, kib] of Object.entries(jsOnly)) {
    console.log(`${route.padEnd(jsWidth)}${kib.toFixed(1)}`);
    if (kib > jsBudgetKiB(route))
      over.push(`OVER BUDGET: ${route} JS ${kib} KiB > ${jsBudgetKiB(route)} KiB (JS-only pass)`);
  }
  if (!jsOnlyMode) {
    const width = Math.max(12, ...Object.keys(results).map((route) => route.length + 2));
    console.log(
      `\n${'route'.padEnd(width)}JS gzip KiB  perf  a11y  best  seo   FCP ms  LCP ms  TBT ms  CLS    (each the median of ${lighthouseRuns} mobile runs)`,
    );
    for (const [route, { jsGzipKiB, lighthouse: s, metrics: m, seoFailed }] of Object.entries(results)) {
      const cells = [s.performance, s.accessibility, s.bestPractices, s.seo].map((n) => String(n).padEnd(6)).join('');
      const timings = [m.fcpMs, m.lcpMs, m.tbtMs].map((n) => String(n).padEnd(8)).join('');
      console.log(`${route.padEnd(width)}${jsGzipKiB.toFixed(1).padEnd(13)}${cells}${timings}${m.cls}`);
      if (jsGzipKiB > jsBudgetKiB(route))
        over.push(`OVER BUDGET: ${route} JS ${jsGzipKiB} KiB > ${jsBudgetKiB(route)} KiB`);
      if (m.tbtMs > budget.tbtMs)
        over.push(`OVER BUDGET: ${route} TBT ${m.tbtMs} ms > ${budget.tbtMs} ms (beside ${busyWorkers} busy workers)`);
      if (s.performance < budget.performance)
        over.push(`OVER BUDGET: ${route} performance ${s.performance} < ${budget.performance}`);
      if (m.lcpMs > budget.lcpMs) over.push(`OVER BUDGET: ${route} LCP ${m.lcpMs} ms > ${budget.lcpMs} ms`);
      if (m.cls > budget.cls) over.push(`OVER BUDGET: ${route} CLS ${m.cls} > ${budget.cls}`);
      if (s.seo < budget.seo) over.push(`OVER BUDGET: ${route} SEO ${s.seo} < ${budget.seo}: ${seoFailed.join(', ')}`);
    }
  }
  over.forEach((line) => console.log(line));
  if (over.length === 0) console.log('within budget');

  if (lighthouseOnlyMode) {
    console.log('--lighthouse: bench/results/web.json left as it was');
    return;
  }
  const outputDir = join(repoRoot, 'bench/results');
  const outputFile = join(outputDir, 'web.json');
  await mkdir(outputDir, { recursive: true });
  if (jsOnlyMode) {
    // --js-only replaces only the `jsOnly` key; the last Lighthouse run's routes, budget and date stay as they were.
    const previous = existsSync(outputFile)
      ? (JSON.parse(await readFile(outputFile, 'utf8')) as Record<string, unknown>)
      : {};
    const merged =
      jsOnlyRoutes.length > 0 ? { ...(previous.jsOnly as Record<string, number> | undefined), ...jsOnly } : jsOnly;
    await writeFile(outputFile, `${JSON.stringify({ ...previous, jsOnly: merged }, null, 2)}\n`);
    console.log('written the jsOnly key of bench/results/web.json');
    return;
  }
  const report = {
    routes: results,
    budget: { ...budget, withinBudget: over.length === 0, over },
    busyWorkers,
    date: new Date().toISOString(),
    jsOnly,
  };
  await writeFile(outputFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log('written bench/results/web.json');
}

main().catch((error: unknown) => {
  console.error(`bench:web could not measure: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
