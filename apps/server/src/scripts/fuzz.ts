import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fuzzRoutes } from '../fuzz/run.js';
import { buildTestApp } from '../test/app.js';
import { repoRoot } from '../test/process.js';

/**
 * `npm run fuzz`: the full run over every route (at least 100,000 requests; `--per-route` changes it), on SQLite,
 * or on PostgreSQL when TEST_DATABASE_URL is set. Prints the figures, writes bench/results/fuzz.json, and exits 1
 * when any request answered 5xx (the counterexamples are printed, to become regular tests).
 */
const { values } = parseArgs({
  options: { 'per-route': { type: 'string', default: '1800' }, seed: { type: 'string' } },
});
const perRoute = Number(values['per-route']);
const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
const t = await buildTestApp({ dialect });
const started = Date.now();
try {
  const result = await fuzzRoutes(t.app, {
    perRoute,
    seed: values.seed === undefined ? undefined : Number(values.seed),
  });
  const seconds = (Date.now() - started) / 1000;
  const { counterexamples, ...figures } = result;
  console.log(
    `fuzz on ${dialect}: ${result.requests} requests over ${result.routes} routes in ${seconds.toFixed(0)} s, seed ${result.seed}`,
  );
  console.log(`responses >= 500: ${result.status5xx}`);
  for (const example of counterexamples) console.log(JSON.stringify(example));
  const file = path.join(repoRoot, 'bench', 'results', 'fuzz.json');
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ dialect, seconds, ...figures }, null, 2)}\n`);
  console.log(`written ${path.relative(repoRoot, file)}`);
  process.exitCode = result.status5xx ? 1 : 0;
} finally {
  await t.close();
}
