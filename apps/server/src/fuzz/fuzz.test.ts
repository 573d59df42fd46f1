import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.js';
import { describeEachDialect } from '../test/db.js';
import { fuzzRoutes } from './run.js';

/** CI's short pass of `npm run fuzz`: every route, every persona, a few thousand requests; none may answer 5xx. */
describeEachDialect('fuzz, short pass', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
  });
  afterAll(() => t.close());

  it('answers every generated request below 500', async () => {
    const result = await fuzzRoutes(t.app, { perRoute: 40, seed: 23 });
    console.log(
      `fuzz (${dialect}): ${result.requests} requests over ${result.routes} routes, ${result.status5xx} answered 5xx`,
    );
    expect(result.routes).toBeGreaterThan(50);
    expect(result.counterexamples).toEqual([]);
  }, 240_000);
});
