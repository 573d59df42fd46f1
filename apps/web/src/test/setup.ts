import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { termsModal } from '../features/auth/lib/terms-modal-module';
import { authSchemas, contactSchemas } from '../lib/on-use';
import { initI18n } from '../lib/i18n';
import { loadLocale } from '../lib/locale-resources';

/**
 * jsdom has no layout, so `matchMedia` is missing. This one answers `(min-width: Npx)` and
 * `(max-width: Npx)` from `window.innerWidth`; tests set the width with `setViewportWidth`.
 */
function matchMedia(query: string): MediaQueryList {
  const min = /\(min-width:\s*(\d+)px\)/.exec(query);
  const max = /\(max-width:\s*(\d+)px\)/.exec(query);
  const width = window.innerWidth;
  const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
}
Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
Object.defineProperty(window, 'scrollTo', { configurable: true, value: () => {} });
// ProseMirror (the article editor) scrolls the caret into view by measuring text ranges, which jsdom cannot.
Range.prototype.getClientRects ??= () =>
  ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

// CI machines have 2 cores shared with servers and browsers; findBy* waits up to 10 s there (it ends once found).
configure({ asyncUtilTimeout: 10_000 });

await initI18n('pt', loadLocale);
// in the browser, forms' schemas and some dialogs load on first use (lib/on-use.ts); in jsdom a first import is a
// module transform, slower than userEvent's typing, so they are in before any test, as a browser has them once used.
// The path through a module still loading is tested in lib/on-use.test.ts and in Chromium (e2e/ssr.spec.ts).
await Promise.all([authSchemas.load(), contactSchemas.load(), termsModal.load()]);

function clearCookies() {
  for (const entry of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${entry.split('=')[0]}=; max-age=0; path=/`;
  }
}

beforeEach(async () => {
  // no test may reach a real server; a test that needs an answer stubs fetch itself.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('network disabled in tests'))),
  );
  window.innerWidth = 1280;
  localStorage.clear();
  clearCookies();
  await initI18n('pt', loadLocale);
  // in the browser, forms' schemas and some dialogs load on first use (lib/on-use.ts); in jsdom a first import is a
  // module transform, slower than userEvent's typing, so they are in before any test, as a browser has them once used.
  // The path through a module still loading is tested in lib/on-use.test.ts and in Chromium (e2e/ssr.spec.ts).
  await Promise.all([authSchemas.load(), contactSchemas.load(), termsModal.load()]);
});

afterEach(() => {
  cleanup();
  // the web's test files share their worker's modules (decision 034): a test that ended on fake timers (one that
  // failed before restoring them) must not leave the next file's waits without a clock.
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
