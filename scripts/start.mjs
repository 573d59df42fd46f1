// `npm start`: the built server, built first only when the build is missing or older than its sources. The server
// runs in this very process (npm's child), so the SIGTERM or SIGINT a supervisor sends to npm, which npm passes on,
// reaches the server itself and nothing is left running after it.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { buildNeeded, repoRoot, serverEntry } from './build-state.mjs';

const reason = buildNeeded();
if (reason) {
  console.log(`The build is ${reason}: running npm run build before starting.`);
  // what is served is the production build, whatever NODE_ENV this shell has.
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(`npm run build failed (${result.error?.message ?? `exit ${result.status}`}); Papo was not started.`);
    process.exit(1);
  }
}
await import(pathToFileURL(serverEntry).href);
