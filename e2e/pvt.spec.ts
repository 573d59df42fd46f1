import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountsPerTry, apiToken, logIn as logInThroughForm, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import type { BrowserSession } from './support/browser.js';
import { memberSession, sendPrivateMessageByApi } from './support/chat.js';
import { expectPath } from './support/expect-page.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

const password = 'Conversa-privada-2026';
const placeholder = 'Digite uma mensagem...';
// while B is offline Chromium reports its refused reconnections; those are the point of the test, not faults.
const offlineNoise = /ERR_INTERNET_DISCONNECTED|WebSocket connection to .* failed/;

const suite = useBrowserSuite();

const newMembers = accountsPerTry(
  () => suite.server,
  (suffix) => ({
    ana: { username: `ana${suffix}`, email: `ana${suffix}@example.com`, password },
    bruno: { username: `bruno${suffix}`, email: `bruno${suffix}@example.com`, password },
  }),
);

async function logIn(account: Account): Promise<BrowserSession> {
  const session = await suite.open('desktop');
  // a clock the test can stop, so "the indicator goes 3 s after the last typing event" is checked by
  // moving time, not by waiting and timing it. It runs in real time until paused.
  await session.context.clock.install();
  await logInThroughForm(session.page, account);
  return session;
}

function shownMessages(page: Page): Promise<string[]> {
  return page.getByTestId('pvt-message-text').allInnerTexts();
}

/** Waits until the conversation shows exactly `expected`, in that order, each saved once (no two with one id). */
async function expectMessages(page: Page, expected: string[]): Promise<void> {
  try {
    await page.waitForFunction((want) => {
      const items = [...document.querySelectorAll<HTMLElement>('[data-testid="pvt-message"]')];
      const texts = items.map((item) => item.querySelector('[data-testid="pvt-message-text"]')?.textContent);
      const ids = items.map((item) => item.dataset.messageId);
      return (
        JSON.stringify(texts) === JSON.stringify(want) && ids.every((id) => id) && new Set(ids).size === ids.length
      );
    }, expected);
  } catch {
    throw new Error(
      `conversation shows ${JSON.stringify(await shownMessages(page))}, expected ${JSON.stringify(expected)}`,
    );
  }
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByPlaceholder(placeholder);
  await input.fill(text);
  await input.press('Enter');
}

function expectNoProblems(session: BrowserSession): void {
  expect(session.watch.problems.filter((problem) => !offlineNoise.test(problem))).toEqual([]);
}

const phoneStripMembers = accountsPerTry(
  () => suite.server,
  (suffix) => ({
    carla: { username: `carla${suffix}`, email: `carla${suffix}@example.com`, password },
    ...Object.fromEntries(
      [1, 2, 3, 4, 5, 6].map((n) => [
        `peer${n}`,
        { username: `tabpeer${n}${suffix}`, email: `tabpeer${n}${suffix}@example.com`, password },
      ]),
    ),
  }),
);

/** Whether the strip's tab for the current page lies wholly inside the strip's visible width. */
function activeTabInView(page: Page): Promise<boolean> {
  return page.getByTestId('pvt-tabs').evaluate((strip) => {
    const active = strip.querySelector('[aria-current="page"]');
    if (!active) return false;
    const box = strip.getBoundingClientRect();
    const tab = active.getBoundingClientRect();
    return tab.left >= box.left - 1 && tab.right <= box.right + 1;
  });
}

describe('the conversation tabs on a phone', () => {
  it('scroll the open conversation into view on opening and on switching', async () => {
    const { carla, ...peers } = await phoneStripMembers();
    for (const peer of Object.values<Account>(peers))
      await sendPrivateMessageByApi(suite.server, peer, carla.username, `Oi, ${carla.username}!`);
    const phone = await memberSession(suite, carla, 'mobile');
    const token = await apiToken(suite.server, carla);
    const listed = await fetch(`${suite.server.url}/api/conversations`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const conversations = (await listed.json()) as { id: number }[];
    expect(conversations).toHaveLength(6);
    await phone.page.goto(`/pvt/${conversations[0]?.id}`);
    const tabs = phone.page.getByTestId('pvt-tabs').locator('a');
    await tabs.nth(5).waitFor();
    expect(await tabs.count()).toBe(6);
    const overflow = await phone.page
      .getByTestId('pvt-tabs')
      .evaluate((strip) => strip.scrollWidth > strip.clientWidth);
    expect(overflow).toBe(true);
    const paths = await tabs.evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    );
    const last = paths.at(-1) ?? '';

    await phone.page.goto(last);
    await tabs.nth(5).waitFor();
    await expect.poll(() => activeTabInView(phone.page)).toBe(true);

    // Alt+↓ goes round to the first conversation, out of sight at the strip's end; the switch brings its tab in.
    const before = new URL(phone.page.url()).pathname;
    await phone.page.keyboard.press('Alt+ArrowDown');
    await phone.page.waitForURL((url) => url.pathname !== before);
    const target = new URL(phone.page.url()).pathname;
    expect(paths.indexOf(target)).toBeLessThan(paths.length - 2);
    await expect.poll(() => activeTabInView(phone.page)).toBe(true);
    await screenshot(phone.page, 'pvt-tabs-360', { fullPage: false });
    await phone.close();
  });
});

describe('private conversations between two members', () => {
  it('opens from the channel user list, rings the bell, shows typing, and loses nothing over a dropped connection', async () => {
    const { ana, bruno } = await newMembers();
    const a = await logIn(ana);
    const b = await logIn(bruno);
    await b.page.goto('/barra');
    await a.page.goto('/barra');

    await a.page.locator(`[data-testid="user-entry"][data-nickname="${bruno.username}"] > button`).click();
    await a.page.getByRole('menuitem', { name: 'PVT' }).click();
    await a.page.waitForURL(/\/pvt\/\d+$/);
    const conversationPath = new URL(a.page.url()).pathname;
    await a.page.getByRole('log', { name: `Mensagens com ${bruno.username}` }).waitFor();
    await expectAccessible(a.page);

    // Opening the conversation rang bruno's bell once; the first message right after becomes that same item, so
    // one /msg is one bell item.
    await b.page.getByTestId('notification-count').filter({ hasText: /^1$/ }).waitFor();
    await send(a.page, 'Olá, bruno!');
    await b.page.getByTestId('notification-bell').click();
    const notice = b.page
      .getByTestId('notification-item')
      .filter({ hasText: `${ana.username} enviou uma mensagem privada para você` });
    await notice.waitFor();
    expect(
      await b.page
        .getByTestId('notification-item')
        .filter({ hasText: `${ana.username} abriu uma conversa privada com você` })
        .count(),
    ).toBe(0);
    expect(await b.page.getByTestId('notification-count').textContent()).toBe('1');
    await expectAccessible(b.page);
    await notice.click();
    await expectPath(b.page, conversationPath);
    await expectMessages(b.page, ['Olá, bruno!']);
    await expectAccessible(b.page);

    // B's clock stands still from before the typing event until the indicator's 3 s have been run through.
    await b.page.clock.pauseAt((await b.page.evaluate(() => Date.now())) + 1_000);
    await a.page.getByPlaceholder(placeholder).pressSequentially('tudo', { delay: 40 });
    const typing = b.page.getByTestId('pvt-typing').getByText(`${ana.username} está digitando...`);
    await typing.waitFor();
    await b.page.clock.runFor(2_999);
    expect(await typing.isVisible()).toBe(true);
    await b.page.clock.runFor(1);
    await typing.waitFor({ state: 'detached' });
    await b.page.clock.resume();

    await a.page.getByPlaceholder(placeholder).pressSequentially(' bem?');
    await a.page.getByPlaceholder(placeholder).press('Enter');
    const talk = ['Olá, bruno!', 'tudo bem?'];
    await expectMessages(b.page, talk);
    await send(b.page, 'Tudo ótimo!');
    talk.push('Tudo ótimo!');
    await expectMessages(a.page, talk);
    await send(a.page, 'Que bom.');
    talk.push('Que bom.');
    await expectMessages(b.page, talk);

    await b.context.setOffline(true);
    await b.page.getByTestId('pvt-offline').waitFor();
    await send(a.page, 'Você caiu?');
    await send(a.page, 'Quando voltar, leia isto.');
    talk.push('Você caiu?', 'Quando voltar, leia isto.');
    await expectMessages(a.page, talk);
    await b.context.setOffline(false);
    await b.page.getByTestId('pvt-offline').waitFor({ state: 'detached', timeout: 15_000 });
    await expectMessages(b.page, talk);

    await send(b.page, 'Voltei!');
    talk.push('Voltei!');
    await expectMessages(a.page, talk);
    await expectMessages(b.page, talk);
    await expectAccessible(b.page);
    expectNoProblems(a);
    expectNoProblems(b);
  });
});
