import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/database.js';
import { findChannel, insertChannel } from '../apps/server/src/features/chat/channel-repo.js';
import { findOrCreateConversation } from '../apps/server/src/features/conversations/repo.js';
import { expectAccessible } from './support/axe.js';
import { apiToken, createUser, logIn, type Account } from './support/accounts.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();
// ana is staff, so the 200 channel lines she sends are not held back by flood control.
const ana: Account = { username: 'ana', email: 'ana@example.com', password: 'Tela-cheia-2026', role: 'ROLE_MODERATOR' };
const bia: Account = { username: 'bia', email: 'bia@example.com', password: 'Tela-cheia-2026' };
const channel = 'tela';
const lineCount = 200;
let conversationId = 0;
let anaToken = '';

const sizes = [
  { name: 'phone', width: 360, height: 740 },
  { name: 'wide', width: 1280, height: 800 },
] as const;

/** The seed goes straight into the test server's database: a channel founded by ana and 200 private messages. */
async function seed(): Promise<void> {
  const url = process.env.E2E_DATABASE_URL;
  const handle = openDatabase(url ? { url } : { sqliteFile: join(suite.server.dataDir, 'papo.sqlite') });
  try {
    const { db } = handle;
    const users = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', 'in', [ana.username, bia.username])
      .execute();
    const id = (name: string) => users.find((user) => user.username === name)!.id;
    if (!(await findChannel(db, channel)))
      await db.transaction().execute((trx) => insertChannel(trx, channel, id('ana'), new Date().toISOString()));
    conversationId = (await findOrCreateConversation(db, id('ana'), id('bia'))).id;
    const start = Date.now() - lineCount * 60_000;
    const rows = Array.from({ length: lineCount }, (_, index) => ({
      conversation_id: conversationId,
      sender_id: index % 3 === 0 ? id('ana') : id('bia'),
      content: `Mensagem ${index + 1} de um papo comprido`,
      created_at: new Date(start + index * 60_000).toISOString(),
    }));
    await db.insertInto('conversation_messages').values(rows).execute();
  } finally {
    await handle.close();
  }
}

beforeAll(async () => {
  await createUser(suite.server, ana);
  await createUser(suite.server, bia);
  await seed();
  anaToken = await apiToken(suite.server, ana);
});

/** Lets a test cut the page's WebSocket and hold it down until `restoreSockets`, as a dropped network would. */
async function controlSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { blocked: false, opened: [] as WebSocket[] };
    (window as unknown as { socketControl: typeof state }).socketControl = state;
    window.WebSocket = class extends window.WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        state.opened.push(this);
        if (state.blocked) this.close();
      }
    };
  });
}

const cutSockets = (page: Page) =>
  page.evaluate(() => {
    const state = (window as unknown as { socketControl: { blocked: boolean; opened: WebSocket[] } }).socketControl;
    state.blocked = true;
    for (const socket of state.opened) socket.close();
  });

const restoreSockets = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { socketControl: { blocked: boolean } }).socketControl.blocked = false;
  });

/** The document is exactly the viewport: nothing but the message list scrolls. */
async function expectDocumentFits(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollHeight,
    inner: window.innerHeight,
  }));
  expect(sizes.scroll).toBe(sizes.inner);
}

async function expectInView(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  const height = page.viewportSize()!.height;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}

async function sendChannelLines(count: number): Promise<void> {
  for (let index = 0; index < count; index += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - index) }, (_, offset) =>
        fetch(`${suite.server.url}/api/send-message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${anaToken}` },
          body: JSON.stringify({ channel, username: ana.username, text: `Linha ${index + offset + 1} do canal` }),
        }).then((response) => expect(response.status).toBeLessThan(300)),
      ),
    );
  }
}

/** Checks the screen at its size, with the reconnect banner, and with a keyboard taking half the height. */
async function checkScreen(page: Page, inputTestId: string, banner: string, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: false });
  await expectDocumentFits(page);
  await expectInView(page, inputTestId);

  await cutSockets(page);
  await page.getByTestId(banner).waitFor();
  await screenshot(page, `${name}-reconnecting`, { fullPage: false });
  await expectDocumentFits(page);
  await expectInView(page, inputTestId);
  await restoreSockets(page);
  await page.getByTestId(banner).waitFor({ state: 'detached', timeout: 15_000 });

  // an on-screen keyboard shrinks the visual viewport; a shorter window is how Chromium emulates it.
  const { width, height } = page.viewportSize()!;
  await page.setViewportSize({ width, height: Math.round(height * 0.55) });
  await page.getByTestId(inputTestId).focus();
  await screenshot(page, `${name}-keyboard`, { fullPage: false });
  await expectDocumentFits(page);
  await expectInView(page, inputTestId);
  await page.setViewportSize({ width, height });
}

describe('chat screens fill the window', () => {
  for (const size of sizes) {
    it(`a channel with ${lineCount} lines at ${size.width}×${size.height}: only the list scrolls, with the banner and the keyboard`, async () => {
      const { page } = await suite.open('desktop', { cookieChoice: true });
      await page.setViewportSize({ width: size.width, height: size.height });
      await controlSockets(page);
      await logIn(page, ana);
      await page.goto(`/${channel}`);
      await page.locator('[data-testid="message-input"]:enabled').waitFor();
      await sendChannelLines(lineCount);
      await page.getByText(`Linha ${lineCount} do canal`).waitFor();
      await checkScreen(page, 'message-input', 'connection-banner', `channel-${size.name}`);
    });

    it(`a private conversation with ${lineCount} messages at ${size.width}×${size.height}: only the list scrolls, with the banner and the keyboard`, async () => {
      const { page } = await suite.open('desktop', { cookieChoice: true });
      await page.setViewportSize({ width: size.width, height: size.height });
      await controlSockets(page);
      await logIn(page, bia);
      await page.goto(`/pvt/${conversationId}`);
      const messages = page.getByTestId('pvt-message');
      await messages.first().waitFor();
      // Older pages come in until the whole history is in the list.
      while ((await messages.count()) < lineCount) {
        const before = await messages.count();
        await page.getByRole('button', { name: 'Carregar mensagens anteriores' }).click();
        await expect.poll(() => messages.count()).toBeGreaterThan(before);
      }
      await checkScreen(page, 'pvt-composer', 'pvt-offline', `pvt-${size.name}`);
    });
  }
});

describe('no channel by typo', () => {
  it('asks before creating an unknown channel; only the yes sends a founding join', async () => {
    const { page } = await suite.open('mobile', { cookieChoice: true });
    const joins: string[] = [];
    page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => {
        const event = typeof payload === 'string' ? /^42\d*(\[.*)$/s.exec(payload) : null;
        if (event && event[1]!.startsWith('["join"')) joins.push(event[1]!);
      });
    });
    await logIn(page, bia);
    await page.goto('/canal-que-nao-existe');
    const prompt = page.getByTestId('new-channel-prompt');
    await prompt.getByText('#canal-que-nao-existe ainda não existe — criar?').waitFor();
    expect(joins).toEqual(['["join","#canal-que-nao-existe"]']);
    await screenshot(page, 'new-channel-prompt-phone', { fullPage: false });
    await expectAccessible(page);

    await prompt.getByRole('button', { name: 'Criar #canal-que-nao-existe' }).click();
    await page.locator('[data-testid="message-input"]:enabled').waitFor();
    expect(joins).toEqual(['["join","#canal-que-nao-existe"]', '["join","#canal-que-nao-existe",{"create":true}]']);
    // The member is its founder (~) now.
    await expect.poll(() => page.getByTestId('nickname-line').textContent()).toContain('~bia · fundador');
  });
});

describe('what people expect of a chat', () => {
  it('at 360 px the private header says whether the other member is in the conversation, or connected, in full', async () => {
    // ana is connected, reading a channel: the longest of the header's texts.
    const { page: anaPage } = await suite.open('desktop', { cookieChoice: true });
    await logIn(anaPage, ana);
    await anaPage.goto(`/${channel}`);
    await anaPage.locator('[data-testid="message-input"]:enabled').waitFor();
    const { page } = await suite.open('mobile', { cookieChoice: true });
    await logIn(page, bia);
    await page.goto(`/pvt/${conversationId}`);
    const presence = page.getByTestId('pvt-presence');
    await expect.poll(() => presence.textContent()).toBe('Online, fora da conversa');
    // nothing of it is cut off: its box holds all of its text.
    const cut = await presence.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(cut).toBe(false);
    const box = (await presence.boundingBox())!;
    const control = (await page.getByTestId('pvt-title').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.x).toBe(control.x);
    await screenshot(page, 'pvt-header-phone', { fullPage: false });
  });

  it('reads the pvt by day and sender, and the emoji picker loads on first open and writes into the message', async () => {
    const { page } = await suite.open('desktop', { cookieChoice: true });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await logIn(page, bia);
    await page.goto(`/pvt/${conversationId}`);
    const log = page.getByRole('log', { name: 'Mensagens com ana' });
    await log.getByTestId('pvt-message').first().waitFor();
    // The seeded history spans 200 minutes: the newest page carries at least one day separator and grouped runs.
    expect(await log.getByTestId('day-separator').count()).toBeGreaterThan(0);
    expect(await log.locator('[data-continued]').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('pvt-presence').textContent()).toBe('Offline');

    const before = scripts.length;
    const input = page.getByLabel('Mensagem para ana');
    await input.fill('bom dia ');
    await page.getByRole('button', { name: 'Inserir emoji' }).click();
    const panel = page.getByTestId('emoji-panel');
    await panel.getByPlaceholder('Buscar emoji').fill('coração');
    await panel.locator('[data-epr-unified]').first().click();
    await expect.poll(() => input.inputValue()).toMatch(/^bom dia \p{Extended_Pictographic}/u);
    // the picker's code came with the first open, not with the page.
    expect(scripts.slice(before).length).toBeGreaterThan(0);
    await screenshot(page, 'pvt-emoji-wide', { fullPage: false });
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
  });
});
