// `npm run admin -- …`: the bundled command when the build is current (no TypeScript compiled at each run), else the
// sources through tsx (a checkout changed since its build, or never built).
import { pathToFileURL } from 'node:url';
import { adminEntry, buildNeeded, repoRoot } from './build-state.mjs';

if (buildNeeded('server')) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(`${repoRoot}apps/server/src/scripts/admin.ts`).href);
} else {
  await import(pathToFileURL(adminEntry).href);
}
