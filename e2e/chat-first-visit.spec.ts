import { describe, expect, it } from 'vitest';
import { accountsPerTry, logIn } from './support/accounts.js';
import { inChannel, say } from './support/chat.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

// A new member's first channel, the cookie question still open: the chat keeps the window's height above the banner.
const suite = useBrowserSuite();
const password = 'Primeira-visita-2026';

const newAccounts = accountsPerTry(
  () => suite.server,
  (suffix) => ({ ana: { username: `ana${suffix}`, email: `ana${suffix}@example.com`, password } }),
);

describe('a channel before the cookie question is answered', () => {
  it.each(['mobile', 'desktop'] as const)(
    'at %s, shows the input above the banner and never scrolls the page',
    async (viewport) => {
      const { ana } = await newAccounts();
      const { page } = await suite.open(viewport, { cookieChoice: false });
      await logIn(page, ana);
      await page.goto('/barra');
      await inChannel(page, 'barra');
      await page.getByTestId('cookie-banner').waitFor();
      const layout = () =>
        page.evaluate(() => {
          const rect = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.getBoundingClientRect();
          return {
            pageScroll: document.documentElement.scrollHeight - window.innerHeight,
            scrolled: window.scrollY,
            inputBottom: rect('message-input')?.bottom ?? Infinity,
            headingTop: document.querySelector('h1')?.getBoundingClientRect().top ?? -1,
            bannerTop: rect('cookie-banner')?.top ?? 0,
          };
        });
      const first = await layout();
      expect(first.pageScroll).toBeLessThanOrEqual(0);
      expect(first.inputBottom).toBeLessThanOrEqual(first.bannerTop);

      // Typing and sending keep the channel's heading in view: nothing scrolls the page under the member.
      await say(page, 'oi, cheguei agora');
      await page.getByTestId('message-list').getByText('oi, cheguei agora').waitFor();
      const after = await layout();
      expect(after.scrolled).toBe(0);
      expect(after.headingTop).toBeGreaterThanOrEqual(0);
      await screenshot(page, `chat-first-visit-${viewport}`, { fullPage: false });
    },
  );
});
