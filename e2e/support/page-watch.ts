import type { Page } from 'playwright-core';

/** Problems seen on a page: console errors, uncaught exceptions and failed same-origin requests. */
export interface PageWatch {
  problems: string[];
  expectNoProblems(): void;
}

// a visitor's API calls may answer 401 (not logged in) or 404 (nothing there); both are expected answers.
const expectedApiStatuses = new Set([401, 404]);
const apiPrefixes = ['/api/', '/node-server/'];

function isExpectedFailure(pathname: string, status: number): boolean {
  return expectedApiStatuses.has(status) && apiPrefixes.some((prefix) => pathname.startsWith(prefix));
}

export function watchPage(page: Page, baseURL: string): PageWatch {
  const origin = new URL(baseURL).origin;
  const problems: string[] = [];

  page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium logs every 4xx/5xx or network failure as "Failed to load resource"; the response and
    // requestfailed listeners below judge those by origin and status, so the console copy is not counted twice.
    if (message.text().startsWith('Failed to load resource')) return;
    problems.push(`console error: ${message.text()}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== origin || response.status() < 400) return;
    if (isExpectedFailure(url.pathname, response.status())) return;
    problems.push(`${response.request().method()} ${url.pathname}${url.search} answered ${response.status()}`);
  });
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    const reason = request.failure()?.errorText ?? 'unknown error';
    // navigating away cancels requests still in flight; that is the browser's doing, not a failure.
    if (url.origin !== origin || reason.includes('ERR_ABORTED')) return;
    problems.push(`${request.method()} ${url.pathname}${url.search} failed: ${reason}`);
  });

  return {
    problems,
    expectNoProblems() {
      if (problems.length > 0) throw new Error(`problems seen on the page:\n${problems.join('\n')}`);
    },
  };
}

/**
 * The /api/ requests the page sends from now on, named `METHOD /path?query`, in the order sent; `keep` narrows
 * them (the writes, one route). What the browser sends is the truth: a call sent twice shows here twice.
 */
export function recordApiCalls(page: Page, keep: (method: string, pathname: string) => boolean = () => true): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && keep(request.method(), url.pathname))
      calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

/** For `recordApiCalls`: every call that may change something. */
export const writes = (method: string): boolean => method !== 'GET';
