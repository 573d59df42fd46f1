import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchBrowser, openSession, type BrowserSession, type ViewportName } from './browser.js';
import { startServer, type RunningServer } from './server.js';
import { sharedServer } from './shared-server.js';

/**
 * What the page showed when a test failed, printed into the run's log (a CI log is all there is to read
 * afterwards): its address and the visible text of the page, and where a screenshot was written.
 */
async function reportFailure(session: BrowserSession, testName: string): Promise<void> {
  const { page } = session;
  try {
    const dir = await mkdtemp(join(tmpdir(), 'papo-e2e-failure-'));
    const shot = join(dir, 'page.png');
    await page.screenshot({ path: shot, fullPage: true, timeout: 5_000 });
    const text = (await page.locator('body').innerText({ timeout: 5_000 })).replace(/\s+/g, ' ').slice(0, 2_000);
    console.error(`e2e failure in "${testName}" at ${page.url()}\nscreenshot: ${shot}\npage text: ${text}`);
  } catch (error) {
    console.error(`e2e failure in "${testName}": the page could not be read (${String(error)})`);
  }
}

/** One spec file's server and browser, started before its first test. */
export interface BrowserSuite {
  readonly server: RunningServer;
  /**
   * A fresh browser session, closed after the test (a test may open several: two members talking). `cookieChoice`
   * answers the cookie banner beforehand, as for someone who chose on an earlier visit, so the banner covers nothing.
   */
  open(viewport: ViewportName, opts?: { cookieChoice?: boolean; touch?: boolean }): Promise<BrowserSession>;
}

export interface BrowserSuiteOptions {
  /** Extra environment for the spec's server, e.g. `{ DEMO_CONTENT: '1' }`. */
  serverEnv?: Record<string, string>;
  /**
   * The spec changes nothing on the server (no account, no write, no setting): it may use one server started once for
   * every such spec with the same `serverEnv` (shared-server.ts), instead of starting and seeding its own.
   */
  readOnly?: boolean;
}

/**
 * Registers the spec's hooks: a server on the shared web build (its own, or a shared one when `readOnly`) and one
 * Chromium for the whole file,
 * each test's session closed after it. Call it at the top of the file, before the spec's own hooks.
 */
export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let sessions: BrowserSession[] = [];
  const started = () => {
    if (!server || !browser) throw new Error('the suite has not started yet (use it inside tests and hooks)');
    return { server, browser };
  };

  beforeAll(async () => {
    const env = options.serverEnv ?? {};
    // on one PostgreSQL (E2E_DATABASE_URL) a server left running would share the database with the next specs'.
    const shared = options.readOnly && !process.env.E2E_DATABASE_URL;
    server = shared
      ? await sharedServer(inject('sharedServers'), { webDist: inject('webDist'), env })
      : await startServer({ webDist: inject('webDist'), env });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async (context) => {
    const opened = sessions;
    sessions = [];
    if (context.task.result?.state === 'fail')
      for (const session of opened) await reportFailure(session, context.task.name);
    for (const session of opened) await session.close();
  });

  return {
    get server() {
      return started().server;
    },
    async open(viewport, opts = {}) {
      const { server: running, browser: chromium } = started();
      const session = await openSession(chromium, running.url, viewport, { touch: opts.touch });
      sessions.push(session);
      if (opts.cookieChoice) await session.context.addCookies([{ name: 'accepted', value: 'true', url: running.url }]);
      return session;
    },
  };
}
