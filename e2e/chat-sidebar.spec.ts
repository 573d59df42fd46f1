import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountsPerTry } from './support/accounts.js';
import { memberSession, sendPrivateMessageByApi } from './support/chat.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

// A member's sidebar on a public page (an island with only the texts it carries, decision 042) speaks as in the app.
const suite = useBrowserSuite();
const password = 'Barra-lateral-2026';

const newAccounts = accountsPerTry(
  () => suite.server,
  (suffix) => ({
    ana: { username: `ana${suffix}`, email: `ana${suffix}@example.com`, password },
    bia: { username: `bia${suffix}`, email: `bia${suffix}@example.com`, password },
  }),
);

/** Text that reads as a locale key (`pvt.sidebarTitle`, `chat.openChannels`) rather than as words. */
const rawKey = /\b(?:pvt|chat|sidebar|channels)\.[a-z][A-Za-z_.]*/;

async function expectSpoken(part: Locator): Promise<void> {
  await part.getByText('Conversas privadas').waitFor();
  // NOTE: the unread count of bia's conversation, said to screen readers.
  await part.getByText('1 mensagem não lida').waitFor({ state: 'attached' });
  expect(await part.innerText()).not.toMatch(rawKey);
  expect(await part.evaluate((element) => element.textContent ?? '')).not.toMatch(rawKey);
}

async function openPublicPage(page: Page): Promise<void> {
  await page.goto('/channels');
  await page.getByRole('heading', { level: 1, name: 'Canais' }).waitFor();
}

describe('the sidebar of a member on a public page', () => {
  it('names private conversations and their unread count in words, on the desktop and in the phone menu', async () => {
    const { ana, bia } = await newAccounts();
    await sendPrivateMessageByApi(suite.server, bia, ana.username, 'oi ana');

    const desk = await memberSession(suite, ana, 'desktop');
    await openPublicPage(desk.page);
    await expectSpoken(desk.page.locator('[data-island="desktop-sidebar"]'));
    await screenshot(desk.page, 'chat-sidebar-public-1280', { fullPage: false });

    const phone = await memberSession(suite, ana, 'mobile');
    await openPublicPage(phone.page);
    await phone.page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = phone.page.getByTestId('mobile-menu');
    await expectSpoken(drawer);
    await screenshot(phone.page, 'chat-sidebar-public-360', { fullPage: false });
  });
});
