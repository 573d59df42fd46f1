// The pure parts of `npm run bench:api`: summarising rounds into figures, checking them against the
// targets, and the printed table. Kept apart from the runner so a unit test can check them.

/** What one autocannon run gave for one target. */
export interface RunFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** The server process's CPU time per request during the run (from /proc), when known. */
  cpuUsPerRequest?: number;
  /** The server's GC pauses and event-loop delay during the run (half-load runs), from its own metrics. */
  pauses?: { gcMs: number; gcPauses: number; majorGcMs: number; lagP99Ms: number; lagMaxMs: number };
}

/** One route's figures: saturating req/s, latency at half that load, ratio to bare with its spread. */
export interface RouteFigures {
  rps: number;
  ratio: number;
  /** max − min of the per-round ratios: how far apart the three rounds landed. */
  spread: number;
  p50Ms: number;
  p99Ms: number;
  /** At half load (medians of the rounds): the server's GC time per run and its worst event-loop delay, when measured. */
  halfLoad?: { gcMs: number; lagMaxMs: number };
  /** Server CPU µs per request (median of the rounds), when measured. */
  cpuUs?: number;
  /**
   * Bare's CPU per request divided by Papo's (median of the rounds): the req/s ratio the two would reach on
   * cores of their own. Load from other work moves it far less than the wall-clock ratio.
   */
  cpuRatio?: number;
  /**
   * For a POST read: the same figures against a bare Fastify answering a POST with the same JSON body (parsing
   * it and answering one field of it), measured in the same rounds — what a request body costs any Fastify app.
   */
  barePost?: { rps: number; ratio: number; cpuUs?: number; cpuRatio?: number };
}

/** The kind of read decides its target: liveness, a cached public read, or a member read. */
export type RouteKind = 'health' | 'public' | 'member';

export const targets = {
  ratioMin: { health: 0.8, public: 0.7, member: 0.5 } satisfies Record<RouteKind, number>,
  /** p99 at half the saturating load; a route may name its own (search: 25 ms). */
  p99MsMax: 10,
};

export function median(values: readonly number[]): number {
  if (!values.length) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/**
 * Rounds of one route: each saturating Papo run is divided by the bare run just before it (same
 * moment, same machine load), and the route reports the median of those ratios with their spread.
 * Latencies come from the half-load runs; req/s from the saturating ones (medians of the rounds).
 */
export function summarise(
  rounds: readonly { papo: RunFigures; bare: RunFigures; half: RunFigures; barePost?: RunFigures }[],
): RouteFigures {
  const ratios = rounds.map((r) => r.papo.rps / r.bare.rps);
  const figures: RouteFigures = {
    rps: Math.round(median(rounds.map((r) => r.papo.rps))),
    ratio: round(median(ratios), 3),
    spread: round(Math.max(...ratios) - Math.min(...ratios), 3),
    p50Ms: round(median(rounds.map((r) => r.half.p50Ms)), 2),
    p99Ms: round(median(rounds.map((r) => r.half.p99Ms)), 2),
  };
  if (rounds.every((r) => r.half.pauses)) {
    figures.halfLoad = {
      gcMs: round(median(rounds.map((r) => r.half.pauses!.gcMs)), 2),
      lagMaxMs: round(median(rounds.map((r) => r.half.pauses!.lagMaxMs)), 2),
    };
  }
  const withCpu = rounds.filter((r) => r.papo.cpuUsPerRequest && r.bare.cpuUsPerRequest);
  if (withCpu.length === rounds.length) {
    figures.cpuUs = round(median(withCpu.map((r) => r.papo.cpuUsPerRequest!)), 1);
    figures.cpuRatio = round(median(withCpu.map((r) => r.bare.cpuUsPerRequest! / r.papo.cpuUsPerRequest!)), 3);
  }
  if (rounds.length && rounds.every((r) => r.barePost)) {
    const post = rounds.map((r) => ({ papo: r.papo, bare: r.barePost! }));
    figures.barePost = {
      rps: Math.round(median(post.map((r) => r.bare.rps))),
      ratio: round(median(post.map((r) => r.papo.rps / r.bare.rps)), 3),
    };
    if (post.every((r) => r.papo.cpuUsPerRequest && r.bare.cpuUsPerRequest)) {
      figures.barePost.cpuUs = round(median(post.map((r) => r.bare.cpuUsPerRequest!)), 1);
      figures.barePost.cpuRatio = round(median(post.map((r) => r.bare.cpuUsPerRequest! / r.papo.cpuUsPerRequest!)), 3);
    }
  }
  return figures;
}

/** What a route misses of its targets, in words; empty when it meets them. */
export function misses(kind: RouteKind, figures: RouteFigures, p99MsMax = targets.p99MsMax): string[] {
  const found: string[] = [];
  const ratioMin = targets.ratioMin[kind];
  if (figures.ratio < ratioMin) found.push(`ratio ${figures.ratio} < ${ratioMin}`);
  if (figures.p99Ms > p99MsMax) found.push(`p99 ${figures.p99Ms} ms > ${p99MsMax} ms`);
  return found;
}

/** A Markdown table (it is printed, and pasted into the README as it is). */
export function table(
  database: string,
  baselineRps: number,
  rows: readonly { name: string; kind: RouteKind; figures: RouteFigures; p99MsMax?: number }[],
  bareCpuUs?: number,
): string {
  const lines = [
    `| ${database} | req/s | ratio to bare (spread) | CPU µs/request (ratio) | p50 ms | p99 ms (half load) | target |`,
    '|---|---|---|---|---|---|---|',
    `| bare Fastify | ${Math.round(baselineRps)} | 1 | ${bareCpuUs === undefined ? '' : `${bareCpuUs} (1)`} | | | |`,
  ];
  for (const { name, kind, figures, p99MsMax = targets.p99MsMax } of rows) {
    const missed = misses(kind, figures, p99MsMax);
    const verdict = missed.length
      ? `missed: ${missed.join(', ')}`
      : `met (≥ ${targets.ratioMin[kind]}×, ≤ ${p99MsMax} ms)`;
    const cpu = figures.cpuUs === undefined ? '' : `${figures.cpuUs} (${figures.cpuRatio})`;
    lines.push(
      `| ${name} | ${figures.rps} | ${figures.ratio} (±${round(figures.spread / 2, 3)}) | ${cpu} | ${figures.p50Ms} | ${figures.p99Ms} | ${verdict} |`,
    );
  }
  for (const { name, figures } of rows) {
    const post = figures.barePost;
    if (!post) continue;
    const cpu = post.cpuUs === undefined ? '' : `; CPU ${post.cpuUs} µs/request, ratio ${post.cpuRatio}`;
    lines.push(
      '',
      `${name} against a bare Fastify answering the same POST body: ${post.rps} req/s, ratio ${post.ratio}${cpu}.`,
    );
  }
  return lines.join('\n');
}
