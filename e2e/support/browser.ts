import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './chromium.js';
import { watchPage, type PageWatch } from './page-watch.js';

const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 360, height: 800 },
} as const;

export type ViewportName = keyof typeof viewports;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/** A fresh context (no cookies, no storage) and one page in it, watched for errors. */
export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  watch: PageWatch;
  /** Fails when the page logged an error or a same-origin request failed, then closes the context. */
  finish(): Promise<void>;
  close(): Promise<void>;
}

/** `touch` emulates a touch screen (touch events, `hasTouch`), as on a phone. */
export async function openSession(
  browser: Browser,
  baseURL: string,
  viewport: ViewportName,
  opts: { touch?: boolean } = {},
): Promise<BrowserSession> {
  // a Brazilian visitor's browser (pages are in pt for whoever has not chosen a language, whatever it sends).
  const context = await browser.newContext({
    baseURL,
    viewport: viewports[viewport],
    hasTouch: opts.touch ?? false,
    locale: 'pt-BR',
  });
  // fail within seconds with the locator in the message instead of at the 120 s test timeout.
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const watch = watchPage(page, baseURL);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await context.close();
  };
  return {
    context,
    page,
    watch,
    close,
    async finish() {
      try {
        watch.expectNoProblems();
      } finally {
        await close();
      }
    },
  };
}
