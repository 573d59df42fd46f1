import { afterAll, beforeAll } from 'vitest';
import { cachedWebBuild, type WebBuild } from '../../../../e2e/support/build-web.js';

/**
 * The real web build (browser chunks + dist/ssr/entry-server.js, as `npm run build` makes it) for a test file's
 * servers: one build of the current sources shared by every test file and the e2e specs, kept on disk keyed by
 * the sources' hash (e2e/support/build-web.ts), so the rendered-page tests do not each build the app.
 * Read `.dist` in a `beforeAll` or a test, after this file's own `beforeAll` ran.
 */
export function useWebBuild(): { readonly dist: string } {
  let build: WebBuild | undefined;
  beforeAll(async () => {
    build = await cachedWebBuild();
  }, 180_000);
  afterAll(async () => {
    await build?.cleanup();
  });
  return {
    get dist() {
      if (!build) throw new Error('useWebBuild: the web build is read before its beforeAll ran');
      return build.dist;
    },
  };
}
