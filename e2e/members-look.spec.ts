import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createUser, logIn, type Account } from './support/accounts.js';
import { launchBrowser, openSession, type ViewportName } from './support/browser.js';
import { expectPath } from './support/expect-page.js';
import { isUncovered, screenshot } from './support/screenshot.js';
import { startServer, type RunningServer } from './support/server.js';

/*
 * Every members-area screen at 360 and 1280 px: the checks a look would make — the cookie
 * banner hides no submit button, nothing is sent twice — and, with SCREENSHOT_DIR, a picture of each.
 */

const password = 'Olhar-de-perto-2026';
const ana: Account = { username: 'ana', email: 'ana@example.com', password, role: 'ROLE_MODERATOR' };
const bia: Account = { username: 'bia', email: 'bia@example.com', password };

let server: RunningServer;
let browser: Browser;
let conversationId = 0;

async function api<T>(path: string, token: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function tokenOf(account: Account): Promise<string> {
  const response = await fetch(`${server.url}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password }),
  });
  return ((await response.json()) as { token: string }).token;
}

beforeAll(async () => {
  server = await startServer({ webDist: inject('webDist') });
  browser = await launchBrowser();
  await createUser(server, ana);
  await createUser(server, bia);
  // something to see: a conversation with a message and notifications for bia (opened, message, level).
  const [anaToken, biaToken] = [await tokenOf(ana), await tokenOf(bia)];
  const { id: biaId } = await api<{ id: number }>('/api/me', biaToken);
  ({ conversation_id: conversationId } = await api<{ conversation_id: number }>('/api/add-conversation', anaToken, {
    user: biaId,
  }));
  await api('/api/conversations/private/messages', anaToken, {
    conversation_id: conversationId,
    content: 'Oi, bia! Tudo bem por aí?',
  });
  await api('/api/channel-level', anaToken, { nickname: 'bia', channel_name: '#barra', new_level: 5 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function look(page: Page, viewport: ViewportName, name: string, path?: string): Promise<void> {
  if (path) await page.goto(path);
  await page.waitForLoadState('networkidle');
  await screenshot(page, `${viewport}-${name}`, {
    fullPage: !['channel', 'pvt', 'help', 'notifications', 'users-sheet', 'level-sheet'].includes(name),
  });
}

describe.each(['mobile', 'desktop'] as const)('members area at %s', (viewport) => {
  it('shows a visitor login, signup, contact and about, the cookie banner hiding no submit button', async () => {
    const session = await openSession(browser, server.url, viewport);
    const { page } = session;
    await look(page, viewport, 'login', '/login');
    await page.getByTestId('cookie-banner').waitFor();
    expect(await isUncovered(page, '[data-testid="login-form"] button[type="submit"]')).toBe(true);
    await look(page, viewport, 'signup', '/register');
    await look(page, viewport, 'contact', '/contato');
    await page.getByTestId('cookie-banner').waitFor();
    expect(await isUncovered(page, 'main form button[type="submit"]')).toBe(true);
    await look(page, viewport, 'about', '/sobre-nos');
    await session.finish();
  });

  it('shows a member profile, channels, a channel with /help and the panel, a conversation and the bell', async () => {
    const session = await openSession(browser, server.url, viewport);
    const { page } = session;
    await session.context.addCookies([{ name: 'accepted', value: 'true', url: server.url }]);
    await logIn(page, bia);
    await look(page, viewport, 'profile');
    await page.goto('/mail');
    await expectPath(page, '/profile');
    await page.getByText('Essa página é só para a equipe do Papo').waitFor();
    await look(page, viewport, 'mail-as-member');
    await look(page, viewport, 'home-member', '/');
    expect(await page.getByRole('link', { name: 'Criar conta grátis' }).count()).toBe(0);
    await look(page, viewport, 'channels', '/channels');

    await page.goto('/barra');
    await page.locator('[data-testid="message-input"]:enabled').waitFor();
    await look(page, viewport, 'channel');
    await page.getByTestId('message-input').fill('/help');
    await page.getByTestId('message-input').press('Enter');
    await page.getByTestId('message-list').getByText('/kick <apelido> [motivo]').waitFor();
    expect(await page.getByTestId('message-list').innerText()).not.toMatch(/\[reason\]|\[command\]/);
    await look(page, viewport, 'help');
    if (viewport === 'mobile') {
      await page.getByTestId('users-button').click();
      await look(page, viewport, 'users-sheet');
      const sheet = page.getByTestId('users-drawer');
      await sheet.getByTestId('panel-tab-level').click();
      await sheet.getByTestId('level-timeline').waitFor();
      await look(page, viewport, 'level-sheet');
      await page.keyboard.press('Escape');
    } else {
      const tabs = page.getByTestId('right-panel').getByRole('tab');
      expect(await tabs.allInnerTexts()).toEqual(['Usuários', 'Seu nível', 'Saiba mais']);
      const heights = await tabs.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().height),
      );
      expect(new Set(heights).size).toBe(1);
      const tablist = page.getByTestId('right-panel').getByRole('tablist');
      expect(await tablist.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await page.getByTestId('right-panel').getByTestId('panel-tab-level').click();
      const badge = page.getByTestId('right-panel').getByTestId('level-timeline').getByText('Você está aqui');
      expect(await badge.evaluate((element) => element.getClientRects().length)).toBe(1);
      await look(page, viewport, 'level-tab');
    }

    await page.goto(`/pvt/${conversationId}`);
    await page.getByText('Oi, bia! Tudo bem por aí?').waitFor();
    await look(page, viewport, 'pvt');
    if (viewport === 'desktop') expect(await page.getByTestId('right-panel').count()).toBe(0);

    await page.getByRole('button', { name: /^Notificações/ }).click();
    const panel = page.getByTestId('notification-panel');
    await panel.getByText(`${ana.username} fez de você Operador (@) em #barra`).waitFor();
    const width = await panel.evaluate((element) => element.getBoundingClientRect().width);
    if (viewport === 'mobile') expect(width).toBeGreaterThanOrEqual(340);
    await look(page, viewport, 'notifications');
    await session.finish();
  });

  it('shows staff the mailbox', async () => {
    const session = await openSession(browser, server.url, viewport);
    await session.context.addCookies([{ name: 'accepted', value: 'true', url: server.url }]);
    await logIn(session.page, ana);
    await look(session.page, viewport, 'mailbox', '/mail');
    await session.finish();
  });
});
