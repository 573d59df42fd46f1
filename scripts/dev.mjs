// `npm run dev`: the API server (restarting on change) and the Vite dev server side by side,
// their output prefixed, both stopped together on Ctrl-C or when either one exits.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const colour = process.stdout.isTTY ? (code, text) => `\x1b[${code}m${text}\x1b[0m` : (_code, text) => text;

const services = [
  {
    name: 'server',
    colour: 36,
    command: process.execPath,
    args: ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'],
    env: { PORT: '3000', LOG_FORMAT: 'pretty' },
  },
  { name: 'web', colour: 35, command: 'npm', args: ['run', 'dev', '-w', 'apps/web'], env: {} },
];

const width = Math.max(...services.map((service) => service.name.length));
const running = new Map();
let stopping = false;
let exitCode = 0;

function pipe(stream, prefix, target) {
  createInterface({ input: stream }).on('line', (line) => target.write(`${prefix} ${line}\n`));
}

// each child leads its own process group so stopping it also stops what it spawned
// (npm → vite, node --watch → the watched server).
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of running.values()) signalGroup(child, 'SIGTERM');
  // a process that ignores SIGTERM must not keep the terminal hanging.
  setTimeout(() => {
    for (const child of running.values()) signalGroup(child, 'SIGKILL');
  }, 5_000).unref();
}

for (const service of services) {
  const prefix = colour(service.colour, `[${service.name.padEnd(width)}]`);
  const child = spawn(service.command, service.args, {
    cwd: root,
    env: { ...process.env, ...service.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.set(service.name, child);
  pipe(child.stdout, prefix, process.stdout);
  pipe(child.stderr, prefix, process.stderr);
  child.on('error', (error) => {
    console.error(`${prefix} could not start: ${error.message}`);
    running.delete(service.name);
    stopAll(1);
  });
  child.on('exit', (code, signal) => {
    running.delete(service.name);
    if (!stopping) console.error(`${prefix} exited (${signal ?? `code ${code}`}); stopping the others`);
    stopAll(stopping ? exitCode : code || 1);
    if (running.size === 0) process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => stopAll(0));
}
