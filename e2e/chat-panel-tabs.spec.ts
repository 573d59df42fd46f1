import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountsPerTry } from './support/accounts.js';
import type { BrowserSession } from './support/browser.js';
import { inChannel, memberSession } from './support/chat.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

// The right panel's tabs show their whole label in every language, beside a channel (1280 px) and in its sheet
// (360 px).
const suite = useBrowserSuite();

const newAccounts = accountsPerTry(
  () => suite.server,
  (suffix) => ({
    leo: { username: `leo${suffix}`, email: `leo${suffix}@example.com`, password: 'Abas-do-painel-2026' },
  }),
);

/** Each tab's label and whether its text overflows its box (the part that would not show). */
async function clippedTabs(tablist: Locator): Promise<{ label: string; clipped: boolean }[]> {
  await tablist.getByRole('tab').first().waitFor();
  return tablist.getByRole('tab').evaluateAll((tabs) =>
    tabs.map((tab) => ({
      label: tab.textContent ?? '',
      clipped: tab.scrollWidth > tab.clientWidth || tab.getBoundingClientRect().right > window.innerWidth,
    })),
  );
}

async function inLanguage(session: BrowserSession, language: string): Promise<void> {
  await session.context.addCookies([{ name: 'user-language', value: language, url: suite.server.url }]);
}

describe('the right panel tabs', () => {
  for (const language of ['fr', 'es'] as const) {
    it(`show every label whole in ${language}, beside a channel at 1280 px and in its sheet at 360 px`, async () => {
      const { leo } = await newAccounts();
      const desk = await memberSession(suite, leo, 'desktop');
      await inLanguage(desk, language);
      await desk.page.goto('/barra');
      await inChannel(desk.page, 'barra');
      const panel = desk.page.getByTestId('right-panel').getByRole('tablist');
      const beside = await clippedTabs(panel);
      expect(beside.map(({ label }) => label)).toHaveLength(3);
      expect(beside.filter(({ clipped }) => clipped)).toEqual([]);
      expect(await panel.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
      await screenshot(desk.page, `chat-panel-tabs-${language}-1280`, { fullPage: false });

      const phone = await memberSession(suite, leo, 'mobile');
      await inLanguage(phone, language);
      await phone.page.goto('/barra');
      await inChannel(phone.page, 'barra');
      await phone.page.getByTestId('users-button').click();
      const sheet = phone.page.getByTestId('users-drawer').getByRole('tablist');
      const inSheet = await clippedTabs(sheet);
      expect(inSheet.length).toBeGreaterThanOrEqual(2);
      expect(inSheet.filter(({ clipped }) => clipped)).toEqual([]);
      await screenshot(phone.page, `chat-panel-tabs-${language}-360`, { fullPage: false });
    });
  }
});
