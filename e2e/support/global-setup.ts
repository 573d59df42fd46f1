import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { cachedWebBuild } from './build-web.js';
import { stopSharedServers } from './shared-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the web build the specs' servers serve (see build-web.ts). */
    webDist: string;
    /** Folder of this run's shared read-only servers (see shared-server.ts). */
    sharedServers: string;
  }
}

/**
 * Vitest global setup of the e2e project: the web build of the current sources (made once, shared with the server's
 * rendered-page tests, build-web.ts); specs get its folder with `inject('webDist')`. The teardown stops the servers
 * that read-only specs shared (started by the first spec that needed one, shared-server.ts).
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const build = await cachedWebBuild();
  const shared = await mkdtemp(join(tmpdir(), 'papo-e2e-shared-'));
  project.provide('webDist', build.dist);
  project.provide('sharedServers', shared);
  return async () => {
    await stopSharedServers(shared);
    await build.cleanup();
  };
}
