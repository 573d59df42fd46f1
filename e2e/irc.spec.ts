import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, logIn, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { startIrssi, type Irssi } from './support/irssi.js';
import { screenshot } from './support/screenshot.js';
import { findFreePort } from './support/server.js';
import { useBrowserSuite } from './support/suite.js';

const password = 'Canal-da-barra-2026';
const web: Account = { username: 'ana', email: 'ana@example.com', password };
const terminal: Account = { username: 'bia', email: 'bia@example.com', password };

const ircPort = await findFreePort();
const suite = useBrowserSuite({ serverEnv: { IRC_PORT: String(ircPort) } });
let irssi: Irssi | undefined;

beforeAll(async () => {
  for (const account of [web, terminal]) await createUser(suite.server, account);
});
afterEach(async () => {
  await irssi?.stop();
  irssi = undefined;
});

/** Waits for a line of the log containing `text`, failing with the lines that were there. */
async function expectLine(page: Page, text: string): Promise<void> {
  const lines: Locator = page.getByTestId('message-list').locator('li');
  try {
    await lines.filter({ hasText: text }).first().waitFor();
  } catch {
    throw new Error(`no line with "${text}"; seen: ${JSON.stringify(await lines.allInnerTexts())}`);
  }
}

/** The irssi commands the /irc page gives, with the member's own username and password in place of the placeholders. */
async function irssiCommandsFromPage(page: Page, account: Account): Promise<string[]> {
  await page.goto('/irc');
  const commands = page.getByLabel('Comandos para o irssi');
  const text = (await commands.textContent()) ?? '';
  return text
    .split('\n')
    .map((line) => line.replace('seu-usuario', account.username).replace('sua-senha', account.password));
}

describe('a member in irssi and a member in Chromium share #barra', () => {
  it('connects with SASL as /irc says, joins #barra, and the two read each other', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await logIn(page, web);
    const commands = await irssiCommandsFromPage(page, terminal);
    expect(commands).toContain(`/server add -auto -network Papo -notls 127.0.0.1 ${ircPort}`);

    await page.goto('/barra');
    await page.locator('[data-testid="message-input"]:enabled').waitFor();

    irssi = await startIrssi();
    for (const command of commands) await irssi.type(command);
    await irssi.waitFor(/SASL authentication succeeded/);
    await irssi.waitFor(/bia \[[^\]]+\] has joined #barra/);
    await expectLine(page, 'bia entrou em #barra');
    await irssi.waitFor(/Total of 2 nicks/);

    await irssi.type('Olá do irssi, ana!');
    await expectLine(page, '<bia> Olá do irssi, ana!');

    const input = page.getByTestId('message-input');
    await input.fill('Oi, bia! Aqui é o Chromium.');
    await input.press('Enter');
    await irssi.waitFor(/<[~&@+ ]?ana> Oi, bia! Aqui é o Chromium\./);
    await finish();
  });

  it('shows the page that says how, at 360 and 1280 px, accessible', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, finish } = await suite.open(viewport, { cookieChoice: true });
      await page.goto('/irc');
      await page.getByTestId('irc-settings').waitFor();
      await expectAccessible(page);
      // long commands scroll inside their own block; the page itself never scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `irc-${viewport === 'mobile' ? 360 : 1280}`);
      await finish();
    }
  });
});
