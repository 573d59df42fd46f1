import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountsPerTry } from './support/accounts.js';
import { memberSession, openChannel, say, sendPrivateMessageByApi } from './support/chat.js';
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
  // the unread count of bia's conversation, said to screen readers.
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

  it('shows the open channels with their unread count on the blog, and Ctrl+K takes the member to one', async () => {
    const { ana, bia } = await newAccounts();
    // ana opens #barra in the app once: it is one of her open channels from then on, on every page.
    const desk = await memberSession(suite, ana, 'desktop');
    await openChannel(desk.page, 'barra');
    await desk.page.goto('/blog');
    await desk.page.locator('html[data-islands]').waitFor({ state: 'attached' });
    const sidebar = desk.page.locator('[data-island="desktop-sidebar"]');
    const barra = sidebar.getByTestId('sidebar-open-channels').getByRole('link', { name: /#barra/ });
    await barra.waitFor();
    // the blog stays the server's page of islands: the member's chat is an island of it, woken for her.
    await desk.page.locator('[data-island="chat-host"][data-island-live]').waitFor({ state: 'attached' });

    const other = await memberSession(suite, bia, 'desktop');
    await openChannel(other.page, 'barra');
    await say(other.page, 'alguém no blog?');
    await sidebar.getByText('1 mensagem não lida').waitFor({ state: 'attached' });
    expect(await sidebar.innerText()).not.toMatch(rawKey);
    await screenshot(desk.page, 'chat-sidebar-blog-unread-1280', { fullPage: false });

    await desk.page.keyboard.press('Control+k');
    await desk.page.getByTestId('switcher-input').fill('barr');
    await screenshot(desk.page, 'chat-switcher-blog-1280', { fullPage: false });
    await desk.page.getByTestId('switcher-input').press('Enter');
    await desk.page.waitForURL(/\/barra$/);
    await desk.page.getByTestId('message-list').getByText('alguém no blog?').waitFor();

    const phone = await memberSession(suite, ana, 'mobile');
    await phone.page.goto('/blog');
    await phone.page.getByRole('button', { name: 'Abrir menu' }).click();
    await phone.page.getByTestId('mobile-menu').getByTestId('sidebar-open-channels').getByText('#barra').waitFor();
    await screenshot(phone.page, 'chat-sidebar-blog-360', { fullPage: false });
  });
});
