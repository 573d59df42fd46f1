import type { TestProject } from 'vitest/node';
import { buildWebApp } from './build-web.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of the web build the specs' servers serve (see build-web.ts). */
    webDist: string;
  }
}

/** Vitest global setup of the e2e project: builds the web app once; specs get its folder with `inject('webDist')`. */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const build = await buildWebApp();
  project.provide('webDist', build.dist);
  return build.cleanup;
}
