import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { createUser, logIn, type Account } from './support/accounts.js';
import { launchBrowser, openSession, type BrowserSession, type ViewportName } from './support/browser.js';
import { recordApiCalls, writes } from './support/page-watch.js';
import { screenshot } from './support/screenshot.js';
import { startServer, type RunningServer } from './support/server.js';

const password = 'Menus-por-nivel-2026';
const account = (username: string, role?: Account['role']): Account => ({
  username,
  email: `${username}@example.com`,
  password,
  role,
});
const ana = account('ana', 'ROLE_MODERATOR');
const caio = account('caio');
const bia = account('bia');

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ webDist: inject('webDist') });
  browser = await launchBrowser();
  for (const member of [ana, caio, bia]) await createUser(server, member);
  // staff make caio an operator of #barra over the API; the screens under test are caio's and bia's.
  const login = await fetch(`${server.url}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ana.username, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const granted = await fetch(`${server.url}/api/channel-level`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ nickname: caio.username, channel_name: '#barra', new_level: 5 }),
  });
  expect(granted.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function enter(member: Account, viewport: ViewportName): Promise<BrowserSession & { moderation: string[] }> {
  const session = await openSession(browser, server.url, viewport);
  await session.context.addCookies([{ name: 'accepted', value: 'true', url: server.url }]);
  const moderation = recordApiCalls(
    session.page,
    (method, pathname) => writes(method) && /^\/api\/(kick|ban|unban|channel-level|topic)$/.test(pathname),
  );
  await logIn(session.page, member);
  await session.page.goto('/barra');
  await session.page.locator('[data-testid="message-input"]:enabled').waitFor();
  return { ...session, moderation };
}

/** Opens the Connected users list (the right-hand panel, or the Users sheet on phones) and the menu of `nickname`. */
async function openMenu(page: Page, nickname: string, viewport: ViewportName): Promise<void> {
  if (viewport === 'mobile') await page.getByTestId('users-button').click();
  const list = page.getByTestId(viewport === 'mobile' ? 'users-drawer' : 'right-panel');
  await list.locator(`[data-testid="user-entry"][data-nickname="${nickname}"] > button`).click();
  await list.getByTestId('user-menu').waitFor();
}

const offered = (page: Page) =>
  page
    .getByTestId('chanserv-dialog')
    .locator('button[data-action]')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-action')));

describe('menus that know your rank', () => {
  it('offers an operator exactly what PEACE allows, and a level-0 member nothing the server would refuse', async () => {
    const op = await enter(caio, 'desktop');
    const member = await enter(bia, 'mobile');

    await openMenu(op.page, 'bia', 'desktop');
    await op.page.getByRole('menuitem', { name: 'ChanServ' }).click();
    expect(await offered(op.page)).toEqual(['KICK', 'KICKBAN', 'VOICE']);
    expect(await op.page.getByTestId('peace-note').innerText()).toBe(
      'Você só concede níveis abaixo do seu (operador).',
    );
    await expectAccessible(op.page);
    await screenshot(op.page, 'desktop-chanserv-operator', { fullPage: false });
    await op.page.getByTestId('chanserv-dialog').locator('[data-action="VOICE"]').click();
    await op.page
      .getByTestId('result-text')
      .filter({ hasText: 'Nível no canal atualizado com sucesso para bia' })
      .waitFor();
    await op.page.getByTestId('result-dialog').getByRole('button', { name: 'OK' }).click();
    await op.page.locator('[data-testid="user-entry"][data-nickname="bia"]').filter({ hasText: '+' }).waitFor();
    await openMenu(op.page, 'bia', 'desktop');
    await op.page.getByRole('menuitem', { name: 'ChanServ' }).click();
    expect(await offered(op.page)).toEqual(['KICK', 'KICKBAN', 'DEVOICE']);

    await openMenu(member.page, 'caio', 'mobile');
    const sheet = member.page.getByTestId('users-drawer');
    expect(await sheet.getByRole('menuitem').allInnerTexts()).toEqual(['Mencionar', 'PVT', 'Whois']);
    await screenshot(member.page, 'mobile-user-menu-voiced', { fullPage: false });
    expect(await sheet.getByTestId('peace-note').innerText()).toBe(
      'Só operadores (@) e acima agem sobre outros em #barra; seu nível aqui é voz.',
    );
    await member.page.keyboard.press('Escape');
    await member.page.keyboard.press('Escape');
    await member.page.getByTestId('topic-button').click();
    const topic = member.page.getByTestId('topic-dialog');
    expect(await topic.getByTestId('topic-input').count()).toBe(0);
    expect(await topic.getByTestId('peace-note').innerText()).toBe(
      'Só operadores (@) e acima mudam o tópico; seu nível em #barra é voz.',
    );
    await expectAccessible(member.page);
    await screenshot(member.page, 'mobile-topic-voiced', { fullPage: false });

    expect(member.moderation).toEqual([]);
    expect(op.moderation).toHaveLength(1);
    await op.finish();
    await member.finish();
  });
});
