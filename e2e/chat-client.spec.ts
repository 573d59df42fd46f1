import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountsPerTry, apiToken, logIn as logInThroughForm, type Account } from './support/accounts.js';
import type { BrowserSession, ViewportName } from './support/browser.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

const password = 'Varios-canais-2026';
const suite = useBrowserSuite();

const newAccounts = accountsPerTry(
  () => suite.server,
  (suffix) => ({
    ana: { username: `ana${suffix}`, email: `ana${suffix}@example.com`, password },
    bia: { username: `bia${suffix}`, email: `bia${suffix}@example.com`, password },
    // NOTE: in no channel at all: `/msg` must reach her by name.
    caio: { username: `caio${suffix}`, email: `caio${suffix}@example.com`, password },
  }),
);

async function logIn(account: Account, viewport: ViewportName): Promise<BrowserSession> {
  const session = await suite.open(viewport, { cookieChoice: true });
  await logInThroughForm(session.page, account);
  return session;
}

async function inChannel(page: Page, channel: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `#${channel}` }).waitFor();
  await page.locator('[data-testid="message-input"]:enabled').waitFor();
}

async function say(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('message-input');
  await input.fill(text);
  await input.press('Enter');
}

/** The names of the Socket.IO events the page's sockets received (`42["user-left",…]`). */
function receivedEvents(page: Page): string[] {
  const events: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      const event = typeof payload === 'string' ? /^42\d*\["([^"]+)"/.exec(payload) : null;
      if (event?.[1]) events.push(event[1]);
    });
  });
  return events;
}

describe('a chat client people live in', () => {
  it('keeps several channels open with live unread and mentions, keyboard habits, and private conversations from anywhere', async () => {
    const { ana, bia, caio } = await newAccounts();
    const b = await logIn(bia, 'desktop');
    const biaHears = receivedEvents(b.page);
    await b.page.goto('/barra');
    await inChannel(b.page, 'barra');

    const a = await logIn(ana, 'desktop');
    await a.page.goto('/barra');
    await inChannel(a.page, 'barra');
    await b.page.getByTestId('message-list').getByText(`${ana.username} entrou em #barra`).waitFor();

    // A opens a second channel from the input, inside the app: she stays in #barra, and bia sees no part.
    await say(a.page, '/join #rio');
    await inChannel(a.page, 'rio');
    const tabs = a.page.getByTestId('channel-tabs');
    expect(await tabs.getByRole('link').allInnerTexts()).toEqual(['#barra', '#rio']);

    await say(b.page, `${ana.username}: olha isto`);
    const barraTab = a.page.getByTestId('channel-tab-barra');
    await barraTab.getByTestId('mention-marker').waitFor();
    expect((await barraTab.innerText()).replace(/\s+/g, ' ')).toContain('1');
    await expect.poll(() => a.page.title()).toMatch(/^\(1\) #rio - /);
    expect(biaHears).not.toContain('user-left');
    expect(await b.page.getByTestId('message-list').getByText(`${ana.username} saiu`).count()).toBe(0);
    await screenshot(a.page, 'chat-tabs-unread-1280', { fullPage: false });

    // Another device of the same account opens the same tabs, and counts the next line too.
    const phone = await suite.open('mobile', { cookieChoice: true });
    await logInThroughForm(phone.page, ana);
    await phone.page.goto('/rio');
    await inChannel(phone.page, 'rio');
    await phone.page.getByTestId('channel-tab-barra').waitFor();
    await say(b.page, `e mais uma, ${ana.username}`);
    await phone.page.getByTestId('channel-tab-barra').getByTestId('mention-marker').waitFor();
    await screenshot(phone.page, 'chat-tabs-unread-360', { fullPage: false });
    await phone.close();

    await barraTab.getByRole('link').click();
    await inChannel(a.page, 'barra');
    await a.page.getByTestId('message-list').getByText('olha isto').waitFor();
    await expect.poll(() => a.page.title()).toMatch(/^#barra - /);

    // Bia opens a private conversation with ana and writes: it appears in ana's sidebar at once, with its badge.
    const token = await apiToken(suite.server, bia);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const opened = await fetch(`${suite.server.url}/api/add-conversation`, { method: 'POST', headers, body: JSON.stringify({ nickname: ana.username }) });
    const { conversation_id: conversationId } = (await opened.json()) as { conversation_id: number };
    await fetch(`${suite.server.url}/api/conversations/private/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ conversation_id: conversationId, content: 'psiu' }),
    });
    const sidebarEntry = a.page.getByTestId('sidebar-conversations').getByRole('link', { name: new RegExp(bia.username) });
    await sidebarEntry.waitFor();
    await expect.poll(() => sidebarEntry.innerText()).toMatch(/1/);

    // Tab completes bia's nickname; ↑ brings back ana's own last line.
    const input = a.page.getByTestId('message-input');
    await input.fill(bia.username.slice(0, 2));
    await input.press('Tab');
    expect(await input.inputValue()).toBe(`${bia.username}: `);
    await input.fill(`oi @${bia.username.slice(0, 2)}`);
    await a.page.getByTestId('nick-suggestions').getByRole('option', { name: `@${bia.username}` }).waitFor();
    await screenshot(a.page, 'chat-suggestions-1280', { fullPage: false });
    await input.press('Enter');
    expect(await input.inputValue()).toBe(`oi @${bia.username} `);
    await input.fill('linha para lembrar');
    await input.press('Enter');
    await a.page.locator('[data-testid="message-list"] li:not([data-delivery])').filter({ hasText: 'linha para lembrar' }).waitFor();
    await input.press('ArrowUp');
    expect(await input.inputValue()).toBe('linha para lembrar');
    await input.fill('');

    // Alt+↓ goes to the next open channel; Ctrl+K finds one by name.
    await input.press('Alt+ArrowDown');
    await inChannel(a.page, 'rio');
    await a.page.keyboard.press('Control+k');
    await a.page.getByTestId('switcher-input').fill('barr');
    await screenshot(a.page, 'chat-switcher-1280', { fullPage: false });
    await a.page.getByTestId('switcher-input').press('Enter');
    await inChannel(a.page, 'barra');

    // `/msg` reaches caio, who is in no channel ana shares, and opens the conversation.
    await say(a.page, `/msg ${caio.username} oi caio`);
    await a.page.waitForURL(/\/pvt\/\d+$/);
    await a.page.getByRole('log', { name: `Mensagens com ${caio.username}` }).getByText('oi caio').waitFor();
    expect(biaHears).not.toContain('user-left');
  });
});
