import type { TestProject } from 'vitest/node';
import { cachedWebBuild } from './build-web.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the web build the specs' servers serve (see build-web.ts). */
    webDist: string;
  }
}

/**
 * Vitest global setup of the e2e project: the web build of the current sources (made once, shared with the server's
 * rendered-page tests, build-web.ts); specs get its folder with `inject('webDist')`.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const build = await cachedWebBuild();
  project.provide('webDist', build.dist);
  return build.cleanup;
}
