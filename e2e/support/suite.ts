import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchBrowser, openSession, type BrowserSession, type ViewportName } from './browser.js';
import { startServer, type RunningServer } from './server.js';

/** One spec file's server and browser, started before its first test. */
export interface BrowserSuite {
  readonly server: RunningServer;
  /**
   * A fresh browser session, closed after the test. `cookieChoice` answers the cookie banner beforehand,
   * as for someone who chose on an earlier visit, so the banner covers nothing.
   */
  open(viewport: ViewportName, opts?: { cookieChoice?: boolean; touch?: boolean }): Promise<BrowserSession>;
}

export interface BrowserSuiteOptions {
  /** Extra environment for the spec's server, e.g. `{ DEMO_CONTENT: '1' }`. */
  serverEnv?: Record<string, string>;
}

/**
 * Registers the spec's hooks: a server on the shared web build and one Chromium for the whole file,
 * each test's session closed after it. Call it at the top of the file, before the spec's own hooks.
 */
export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let session: BrowserSession | undefined;
  const started = () => {
    if (!server || !browser) throw new Error('the suite has not started yet (use it inside tests and hooks)');
    return { server, browser };
  };

  beforeAll(async () => {
    server = await startServer({ webDist: inject('webDist'), env: options.serverEnv });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  return {
    get server() {
      return started().server;
    },
    async open(viewport, opts = {}) {
      const { server: running, browser: chromium } = started();
      session = await openSession(chromium, running.url, viewport, { touch: opts.touch });
      if (opts.cookieChoice) await session.context.addCookies([{ name: 'accepted', value: 'true', url: running.url }]);
      return session;
    },
  };
}
