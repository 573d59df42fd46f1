// `npm test`: every Vitest project in one run, with a one-line preamble and a one-line summary
// (`N passed, N failed[, N skipped]`) that CI and people can read at a glance.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function optionalSuite(label, variable) {
  return process.env[variable] ? `${label} on (${variable})` : `${label} off (${variable} unset)`;
}

/** Counts from Vitest's JSON report; a file that failed outside any test (import error, hook) counts as one failure. */
function summarize(report) {
  let failed = report.numFailedTests ?? 0;
  for (const file of report.testResults ?? []) {
    const failedInside = (file.assertionResults ?? []).some((test) => test.status === 'failed');
    if (file.status === 'failed' && !failedInside) failed += 1;
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** The first line of each try's error, at most 300 characters each: what CI's last lines need to tell a failure apart. */
function firstLines(test) {
  const lines = (test.failureMessages ?? []).map((message) => message.split('\n')[0].slice(0, 300));
  return lines.map((line, index) => (lines.length > 1 ? `\n    try ${index + 1}: ${line}` : `\n    ${line}`)).join('');
}

/** `file > describe > test` and its errors for every failed test, and the file alone when it failed outside any test. */
function failedNames(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const path = (file.name ?? '').replace(root, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      names.push([path, ...(test.ancestorTitles ?? []), test.title].join(' > ') + firstLines(test));
    if (file.status === 'failed' && failedTests.length === 0)
      names.push(`${path} (${file.message || 'failed outside a test'})`);
  }
  return names;
}

/** Tests that passed only on a retry (the e2e project retries once): their name and the first line of the first error. */
function flakyNames(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const path = (file.name ?? '').replace(root, '');
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'passed' || !test.failureMessages?.length) continue;
      const firstLine = test.failureMessages[0].split('\n')[0];
      names.push(`${[path, ...(test.ancestorTitles ?? []), test.title].join(' > ')} (${firstLine})`);
    }
  }
  return names;
}

/** Which optional suite a skipped test belongs to, read from its describe titles; the variable that enables it. */
const optionalSuites = [
  { label: 'PostgreSQL', variable: 'TEST_DATABASE_URL', matches: (titles) => / on postgres$|PostgreSQL/.test(titles) },
  { label: 'Redis', variable: 'TEST_REDIS_URL', matches: (titles) => /Redis|REDIS_URL/.test(titles) },
];

/** One line per reason the skipped tests were skipped, so a summary's `N skipped` is never a mystery. */
function describeSkipped(report) {
  const counts = new Map();
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'pending' && test.status !== 'skipped' && test.status !== 'todo') continue;
      const titles = (test.ancestorTitles ?? []).join(' > ');
      const suite = optionalSuites.find((candidate) => candidate.matches(titles));
      const key = suite
        ? `${suite.label} suites (set ${suite.variable} to run them)`
        : 'marked skip or todo in the test files';
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return [...counts].map(([reason, count]) => `skipped: ${count} ${reason}`);
}

function readReport(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

console.log(
  `papo tests: ${optionalSuite('PostgreSQL', 'TEST_DATABASE_URL')} · ${optionalSuite('Redis', 'TEST_REDIS_URL')}`,
);

const reportDir = mkdtempSync(join(tmpdir(), 'papo-test-'));
const args = process.argv.slice(2);

/**
 * The runs: a whole run (no arguments) is three vitest processes, two at a time: the end-to-end specs (two files at a
 * time: a server and Chromium each) and the contract and server projects start together, and the web's component
 * tests start when either ends (decision 034). Whichever of the first two takes longer, the web's tests then run
 * beside it instead of after it, and the two cores stay busy to the end; a third process from the start would
 * oversubscribe them (docs/benchmarks.md, "Test suite"). With arguments, one process with those arguments.
 */
const runs = args.length
  ? [{ name: 'all', args }]
  : [
      { name: 'e2e', args: ['--project', 'e2e'] },
      { name: 'server', args: ['--project', 'contract', '--project', 'server', '--project', 'server-isolated'] },
      { name: 'web', args: ['--project', 'web', '--project', 'web-isolated'] },
    ];
const runsAtOnce = 2;

const unhandledReporter = join(root, 'scripts/unhandled-errors-reporter.mjs');

/** One line per unhandled error: its message, the test that was running, and the first frames that made it. */
function unhandledLines(run, errors) {
  return errors.map((error) => {
    const where = error.testPath
      ? ` while ${error.testPath.replace(root, '')}${error.testName ? ` > ${error.testName}` : ''} ran`
      : '';
    return `UNHANDLED (${run.name}): ${error.message}${where}${error.frames.map((frame) => `\n    ${frame}`).join('')}`;
  });
}

/** The vitest processes running now, so a signal reaches each of them. */
const running = new Set();
let stopping;

function startRun(run) {
  const reportPath = join(reportDir, `${run.name}.json`);
  const unhandledPath = join(reportDir, `${run.name}-unhandled.json`);
  const child = spawn(
    join(root, 'node_modules/.bin/vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportPath}`,
      `--reporter=${unhandledReporter}`,
      ...run.args,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, PAPO_UNHANDLED_ERRORS: unhandledPath } },
  );
  running.add(child);
  return new Promise((resolve) => {
    child.on('error', (error) => {
      running.delete(child);
      resolve({ run, error });
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ run, code, signal, report: readReport(reportPath), unhandled: readReport(unhandledPath) ?? [] });
    });
  });
}

const waiting = [...runs];

/** Takes the next waiting run whenever its last one ends; a run that could not start or was stopped ends it. */
async function runInTurn() {
  const results = [];
  while (waiting.length && !stopping) {
    const result = await startRun(waiting.shift());
    results.push(result);
    if (result.error || result.signal) break;
  }
  return results;
}

// CI stops a run with SIGTERM; vitest must get it too so it can stop the servers its tests started.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = signal;
    for (const child of running) child.kill(signal);
  });
}

const results = (await Promise.all(Array.from({ length: runsAtOnce }, runInTurn)))
  .flat()
  .sort((a, b) => runs.indexOf(a.run) - runs.indexOf(b.run));
rmSync(reportDir, { recursive: true, force: true });
const counts = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const unhandledErrors = [];
const flaky = [];
let anyFailed = false;
for (const { run, error, code, signal, report, unhandled = [] } of results) {
  if (error) {
    console.error(`could not start vitest (${run.name}): ${error.message}`);
    counts.failed += 1;
    anyFailed = true;
    continue;
  }
  const part = report ? summarize(report) : { passed: 0, failed: 0, skipped: 0 };
  const vitestFailed = code !== 0;
  if (vitestFailed && part.failed === 0) {
    // an unhandled error or a crash fails the run without a failing test; show it as one failure.
    console.log(`vitest (${run.name}) ended with ${signal ?? `exit code ${code}`} without a failing test`);
    part.failed = 1;
  }
  unhandledErrors.push(...unhandledLines(run, unhandled));
  if (report) failures.push(...failedNames(report));
  if (report) flaky.push(...flakyNames(report));
  if (report) for (const line of describeSkipped(report)) console.log(runs.length > 1 ? `${line} (${run.name})` : line);
  counts.passed += part.passed;
  counts.failed += part.failed;
  counts.skipped += part.skipped;
  anyFailed ||= vitestFailed || part.failed > 0;
}
// the failed tests are named just above the summary, where CI's last lines show them.
for (const name of flaky) console.log(`FLAKY, passed on its second try: ${name}`);
for (const line of unhandledErrors) console.log(line);
for (const name of failures) console.log(`FAILED: ${name}`);
const skipped = counts.skipped > 0 ? `, ${counts.skipped} skipped` : '';
console.log(`${counts.passed} passed, ${counts.failed} failed${skipped}`);
process.exit(anyFailed ? 1 : 0);
