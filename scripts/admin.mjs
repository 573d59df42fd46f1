// `npm run admin -- …`: the bundled command when the build is current (no TypeScript compiled at each run), else the
// sources through tsx (a checkout changed since its build, or never built).
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { adminEntry, buildNeeded, repoRoot } from './build-state.mjs';

/** The environment file deploy/papo.service gives a node: read when present, so commands see the node's site. */
const serviceEnvFile = '/etc/papo/papo.env';

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
  try {
    process.loadEnvFile(file);
  } catch (error) {
    // the service's file is readable by its user only (chmod 600): run the command as that user.
    const reason =
      error?.code === 'EACCES'
        ? 'permission denied (run the command as the service user, e.g. sudo -u papo)'
        : (error?.code ?? String(error));
    return `admin: environment file ${file} cannot be read: ${reason}`;
  }
  return undefined;
}

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
