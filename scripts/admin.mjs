// `npm run admin -- …`: the bundled command when the build is current (no TypeScript compiled at each run), else the
// sources through tsx (a checkout changed since its build, or never built).
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseEnv } from 'node:util';
import { adminEntry, buildNeeded, repoRoot } from './build-state.mjs';

/** The environment file deploy/papo.service gives a node: read when present, so commands see the node's site. */
const serviceEnvFile = '/etc/papo/papo.env';

/** Why a file could not be read, in words a command-line user can act on. */
function unreadableReason(error) {
  const code = error?.code;
  // the service's file is readable by its user only (chmod 600): run the command as that user.
  if (code === 'EACCES') return 'permission denied (run the command as the service user, e.g. sudo -u papo)';
  if (code === 'EISDIR') return 'EISDIR (a directory, not a file)';
  if (code === 'ENOENT') return 'ENOENT (no such file)';
  return code ?? String(error);
}

/**
 * The node's environment file, read before anything else so that commands reach the node's DATA_DIR, database and
 * bucket: `--env-file PATH` (taken out of the arguments the command sees), else PAPO_ENV_FILE, else the service's
 * file when it exists. What the environment already sets wins over the file, as with `node --env-file`.
 */
function loadNodeEnvironment(argv) {
  let file;
  const at = argv.findIndex((arg) => arg === '--env-file' || arg.startsWith('--env-file='));
  if (at >= 0) {
    const [flag] = argv.splice(at, 1);
    file = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : argv.splice(at, 1)[0];
    if (!file || file.startsWith('-')) return 'admin: --env-file: needs the path of an environment file';
  } else file = process.env.PAPO_ENV_FILE || (existsSync(serviceEnvFile) ? serviceEnvFile : undefined);
  if (!file) return undefined;
  let text;
  try {
    // read here rather than by process.loadEnvFile, which reports a file it may not read as one that does not exist.
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return `admin: environment file ${file} cannot be read: ${unreadableReason(error)}`;
  }
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (!(name in process.env)) process.env[name] = value;
  }
  return undefined;
}

// Node itself reads every `--env-file` on its command line up to a `--`, the script's arguments included, and calls a
// file it may not read "not found" before this script runs: `npm run admin` passes `--` first, dropped here.
if (process.argv[2] === '--') process.argv.splice(2, 1);
const problem = loadNodeEnvironment(process.argv);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(1);
}

if (buildNeeded('server')) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(`${repoRoot}apps/server/src/scripts/admin.ts`).href);
} else {
  await import(pathToFileURL(adminEntry).href);
}
