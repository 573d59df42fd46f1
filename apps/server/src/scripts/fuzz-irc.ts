import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startChatHarness } from '../features/chat/test-support.js';
import { fuzzIrc } from '../fuzz/irc-run.js';
import { repoRoot } from '../test/process.js';
import { gatewayPort } from '../test/raw-irc.js';
import { goodPassword } from '../test/users.js';
import { waitFor } from '../test/wait-for.js';

/**
 * `npm run fuzz:irc`: hostile lines of every kind (overlong, invalid UTF-8, unknown commands, CTCP, NUL, missing
 * parameters, random bytes, framing) before and after registration, and a storm of JOINs, against a node with its
 * IRC gateway. Prints the figures with the heap and RSS before and after (each after a full GC), writes
 * bench/results/fuzz-irc.json, and exits 1 when a connection was dropped without a reason or the heap did not come back.
 */
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '25' },
    lines: { type: 'string', default: '250' },
    joins: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '38' },
  },
});
const { gc } = globalThis;
if (!gc) throw new Error('run with node --expose-gc (npm run fuzz:irc does)');
const collect = gc;
/** Heap growth past this after the pass and a full GC is memory the gateway kept. */
const heapGrowthLimitMb = 32;

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
function memory() {
  collect();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapMb: mb(heapUsed), rssMb: mb(rss) };
}

const dialect = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
const h = await startChatHarness(dialect, { IRC_PORT: '0', LOG_LEVEL: 'error' });
try {
  await h.channel('barra');
  const members = await Promise.all(Array.from({ length: 8 }, () => h.member()));
  const target = { host: '127.0.0.1', port: gatewayPort(h.t.app) };
  const before = memory();
  const started = Date.now();
  const result = await fuzzIrc({
    target,
    accounts: members.map((member) => ({ username: member.username, password: goodPassword })),
    linesPerKind: Number(values.lines),
    joins: Number(values.joins),
    rounds: Number(values.rounds),
    seed: Number(values.seed),
  });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  await waitFor('the gateway holds no connection', () => h.t.app.irc.connections() === 0, 30_000);
  const after = memory();
  const healthz = (await h.t.app.inject({ method: 'GET', url: '/healthz' })).statusCode;
  const heapGrowthMb = Math.round((after.heapMb - before.heapMb) * 10) / 10;
  const { counterexamples, ...figures } = result;
  console.log(
    `irc fuzz on ${dialect}: ${result.lines} lines (${mb(result.bytes)} MB) on ${result.connections} connections in ${seconds} s`,
  );
  console.log(`outcomes: ${JSON.stringify(result.outcomes)}; answers: ${JSON.stringify(result.answers)}`);
  console.log(`JOIN storm: ${values.joins} JOINs answered in ${(result.joinStormMs / 1000).toFixed(1)} s`);
  console.log(
    `heap ${before.heapMb} → ${after.heapMb} MB (growth ${heapGrowthMb} MB, limit ${heapGrowthLimitMb}); RSS ${before.rssMb} → ${after.rssMb} MB; /healthz ${healthz}`,
  );
  for (const example of counterexamples) console.log(JSON.stringify(example));
  const file = path.join(repoRoot, 'bench', 'results', 'fuzz-irc.json');
  await mkdir(path.dirname(file), { recursive: true });
  const report = {
    dialect,
    seconds,
    ...figures,
    counterexamples,
    memory: { before, after, heapGrowthMb, heapGrowthLimitMb },
    healthz,
    date: new Date().toISOString(),
  };
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written ${path.relative(repoRoot, file)}`);
  process.exitCode = counterexamples.length > 0 || heapGrowthMb > heapGrowthLimitMb || healthz !== 200 ? 1 : 0;
} finally {
  await h.close();
}
