import { describe, expect, it } from 'vitest';
import { median, misses, summarise, table } from './api-stats.js';

const run = (rps: number, p50Ms = 1, p99Ms = 2) => ({ rps, p50Ms, p99Ms });

describe('bench:api figures', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('divides each Papo run by the bare run of its own round, and reports the median ratio and its spread', () => {
    const figures = summarise([
      { bare: run(1000), papo: run(500), half: run(250, 1, 4) },
      { bare: run(2000), papo: run(1200), half: run(600, 2, 6) },
      { bare: run(1000), papo: run(700), half: run(350, 3, 9) },
    ]);
    expect(figures).toEqual({ rps: 700, ratio: 0.6, spread: 0.2, p50Ms: 2, p99Ms: 6 });
  });

  it('reports the server CPU per request and bare’s CPU per request divided by Papo’s, when every round measured it', () => {
    const cpu = (rps: number, cpuUsPerRequest: number) => ({ ...run(rps), cpuUsPerRequest });
    const figures = summarise([
      { bare: cpu(1000, 30), papo: cpu(500, 60), half: run(250) },
      { bare: cpu(1000, 40), papo: cpu(500, 50), half: run(250) },
      { bare: cpu(1000, 20), papo: cpu(500, 100), half: run(250) },
    ]);
    expect(figures).toMatchObject({ cpuUs: 60, cpuRatio: 0.5 });
    expect(summarise([{ bare: cpu(1000, 30), papo: run(500), half: run(250) }])).not.toHaveProperty('cpuUs');
  });

  it('names each missed target by the kind of read', () => {
    const figures = { rps: 1, ratio: 0.6, spread: 0, p50Ms: 1, p99Ms: 12 };
    expect(misses('member', figures)).toEqual(['p99 12 ms > 10 ms']);
    expect(misses('public', figures)).toEqual(['ratio 0.6 < 0.7', 'p99 12 ms > 10 ms']);
    expect(misses('member', { ...figures, p99Ms: 10 })).toEqual([]);
    expect(misses('member', figures, 25)).toEqual([]);
  });

  it('judges a route against its own p99 target when it names one (search: 25 ms)', () => {
    const figures = { rps: 7000, ratio: 0.75, spread: 0.02, p50Ms: 3, p99Ms: 20 };
    const [, , , row] = table('sqlite', 20000, [{ name: 'search', kind: 'public', figures, p99MsMax: 25 }]).split('\n');
    expect(row).toBe('| search | 7000 | 0.75 (±0.01) |  | 3 | 20 | met (≥ 0.7×, ≤ 25 ms) |');
  });

  it('prints one row per route under the baseline', () => {
    const figures = { rps: 17000, ratio: 0.85, spread: 0.04, p50Ms: 0.5, p99Ms: 2, cpuUs: 40, cpuRatio: 0.75 };
    const text = table('sqlite', 20000.4, [{ name: 'healthz', kind: 'health', figures }], 30);
    expect(text.split('\n')).toEqual([
      '| sqlite | req/s | ratio to bare (spread) | CPU µs/request (ratio) | p50 ms | p99 ms (half load) | target |',
      '|---|---|---|---|---|---|---|',
      '| bare Fastify | 20000 | 1 | 30 (1) | | | |',
      '| healthz | 17000 | 0.85 (±0.02) | 40 (0.75) | 0.5 | 2 | met (≥ 0.8×, ≤ 10 ms) |',
    ]);
  });

  it('sets a POST read beside a bare Fastify answering the same POST body, and prints it under the table', () => {
    const cpu = (rps: number, cpuUsPerRequest: number) => ({ ...run(rps), cpuUsPerRequest });
    const figures = summarise([
      { bare: cpu(20000, 25), papo: cpu(6000, 80), half: run(3000), barePost: cpu(12000, 40) },
      { bare: cpu(20000, 25), papo: cpu(7000, 75), half: run(3500), barePost: cpu(14000, 45) },
      { bare: cpu(20000, 25), papo: cpu(8000, 90), half: run(4000), barePost: cpu(10000, 36) },
    ]);
    expect(figures.barePost).toEqual({ rps: 12000, ratio: 0.5, cpuUs: 40, cpuRatio: 0.5 });
    expect(summarise([{ bare: run(1000), papo: run(500), half: run(250) }])).not.toHaveProperty('barePost');
    const lines = table('sqlite', 20000, [{ name: 'latest-topic', kind: 'member', figures }], 25).split('\n');
    expect(lines.at(-1)).toBe(
      'latest-topic against a bare Fastify answering the same POST body: 12000 req/s, ratio 0.5; CPU 40 µs/request, ratio 0.5.',
    );
  });
});
