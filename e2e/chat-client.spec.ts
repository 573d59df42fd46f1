import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { connectRawIrc, registerRawIrc, type RawIrc } from '../apps/server/src/test/raw-irc.js';
import { accountsPerTry, apiToken, type Account } from './support/accounts.js';
import { inChannel, memberSession, say, sendPrivateMessageByApi } from './support/chat.js';
import { screenshot } from './support/screenshot.js';
import { findFreePort } from './support/server.js';
import { useBrowserSuite } from './support/suite.js';

const password = 'Varios-canais-2026';
const ircPort = await findFreePort();
const suite = useBrowserSuite({ serverEnv: { IRC_PORT: String(ircPort) } });
let irc: RawIrc | undefined;
afterEach(() => {
  irc?.close();
  irc = undefined;
});

const newAccounts = accountsPerTry(
  () => suite.server,
  (suffix) => ({
    ana: { username: `ana${suffix}`, email: `ana${suffix}@example.com`, password },
    bia: { username: `bia${suffix}`, email: `bia${suffix}@example.com`, password },
    // in no channel at all: `/msg` must reach her by name.
    caio: { username: `caio${suffix}`, email: `caio${suffix}@example.com`, password },
    // in #barra from an IRC client, as a member of the network would be.
    dani: { username: `dani${suffix}`, email: `dani${suffix}@example.com`, password },
  }),
);

const publicPageAccounts = accountsPerTry(
  () => suite.server,
  (suffix) => ({
    eva: { username: `eva${suffix}`, email: `eva${suffix}@example.com`, password },
    // in #barra from an IRC client.
    fabio: { username: `fabio${suffix}`, email: `fabio${suffix}@example.com`, password },
  }),
);

/** Uploads a drawn picture as the member's profile picture over the API, as the profile's control does. */
async function uploadPicture(account: Account): Promise<void> {
  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#c2410c' } })
    .composite([
      { input: Buffer.from('<svg width="240" height="240"><circle cx="120" cy="120" r="70" fill="#fde68a"/></svg>') },
    ])
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('profile_picture', new Blob([png], { type: 'image/png' }), 'me.png');
  const token = await apiToken(suite.server, account);
  const answer = await fetch(`${suite.server.url}/api/upload-profile-picture`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(answer.status).toBe(200);
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

/** The Socket.IO events of one name the page sends from now on (`42["replay",…]`), as their payloads' text. */
function sentEvents(page: Page, name: string): string[] {
  const sent: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => {
      if (typeof payload === 'string' && new RegExp(`^42\\d*\\["${name}"`).test(payload)) sent.push(payload);
    });
  });
  return sent;
}

/** The texts of the members' lines in the log on screen, in order. */
function spokenLines(page: Page): Promise<string[]> {
  return page.locator('[data-testid="message-list"] li[data-kind="message"]').allInnerTexts();
}

/** Whether this browser's IndexedDB keeps a channel line with this text (never creating the database itself). */
function keptOnDevice(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('papo-chat-history');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          const all = db.transaction('channels').objectStore('channels').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(JSON.stringify(all.result).includes(wanted));
          };
        };
      }),
    text,
  );
}

describe('a chat client people live in', () => {
  it('keeps several channels open with live unread and mentions, keyboard habits, and private conversations from anywhere', async () => {
    const { ana, bia, caio, dani } = await newAccounts();
    const b = await memberSession(suite, bia, 'desktop');
    const biaHears = receivedEvents(b.page);
    await b.page.goto('/barra');
    await inChannel(b.page, 'barra');
    irc = await connectRawIrc({ host: '127.0.0.1', port: ircPort });
    await registerRawIrc(irc, dani);
    irc.send('JOIN #barra');
    await irc.waitFor((line) => / 366 \S+ #barra /.test(line));

    await uploadPicture(ana);
    const a = await memberSession(suite, ana, 'desktop');
    await a.page.goto('/barra');
    await inChannel(a.page, 'barra');
    await b.page.getByTestId('message-list').getByText(`${ana.username} entrou em #barra`).waitFor();
    // Her picture, in its small sized variant, in her header and in bia's user list; bia has none: her initials.
    const sized = /^\/uploads\/sized\/400\/profile\/[a-f0-9]{32}\.png\.webp$/;
    await expect.poll(() => a.page.getByTestId('user-menu-picture').getAttribute('src')).toMatch(sized);
    const anaInList = b.page.locator(`[data-testid="user-entry"][data-nickname="${ana.username}"] >> visible=true`);
    await expect.poll(() => anaInList.locator('img').getAttribute('src')).toMatch(sized);
    const biaInList = a.page.locator(`[data-testid="user-entry"][data-nickname="${bia.username}"] >> visible=true`);
    expect(await biaInList.getByTestId('avatar').innerText()).toBe(bia.username.slice(0, 2).toUpperCase());
    await screenshot(b.page, 'chat-pictures-1280', { fullPage: false });
    await irc.waitFor((line) => line.startsWith(`:${ana.username}!`) && / JOIN :?#barra$/.test(line));

    // A opens a second channel from the input, inside the app: she stays in #barra; bia and dani's IRC see no part.
    await say(a.page, '/join #rio');
    await inChannel(a.page, 'rio');
    const tabs = a.page.getByTestId('channel-tabs');
    expect(await tabs.getByRole('link').allInnerTexts()).toEqual(['#barra', '#rio']);

    // dani mentions ana from IRC while she reads #rio: #barra's tab counts it and marks the mention, the title says
    // (1), and the bell names dani.
    irc.send(`PRIVMSG #barra :${ana.username}: olha isto`);
    const barraTab = a.page.getByTestId('channel-tab-barra');
    await barraTab.getByTestId('mention-marker').waitFor();
    expect((await barraTab.innerText()).replace(/\s+/g, ' ')).toContain('1');
    await expect.poll(() => a.page.title()).toMatch(/^\(1\) #rio - /);
    await a.page.getByTestId('notification-bell').click();
    await a.page.getByText(`${dani.username} mencionou você em #barra`).first().waitFor();
    await screenshot(a.page, 'chat-bell-irc-mention-1280', { fullPage: false });
    await a.page.keyboard.press('Escape');
    // NAMES is answered after everything the link was sent before it: a part of ana would be among those lines.
    const from = irc.received.length;
    irc.send('NAMES #barra');
    const names = await irc.waitFor((line) => / 353 \S+ [=*@] #barra :/.test(line), undefined, from);
    expect(
      names
        .split(':')
        .at(-1)
        ?.split(' ')
        .map((nick) => nick.replace(/^[~&@%+]/, '')),
    ).toContain(ana.username);
    await irc.waitFor((line) => / 366 \S+ #barra /.test(line), undefined, from);
    const toIrc = irc.received.filter((line) => line.startsWith(`:${ana.username}!`));
    expect(toIrc.filter((line) => / JOIN :?#barra$/.test(line))).toHaveLength(1);
    expect(toIrc.filter((line) => / PART /.test(line) || / QUIT /.test(line))).toEqual([]);
    expect(biaHears).not.toContain('user-left');
    expect(await b.page.getByTestId('message-list').getByText(`${ana.username} saiu`).count()).toBe(0);
    await screenshot(a.page, 'chat-tabs-unread-1280', { fullPage: false });

    // Another device of the same account opens the same tabs, and counts the next line too.
    const phone = await memberSession(suite, ana, 'mobile');
    await phone.page.goto('/rio');
    await inChannel(phone.page, 'rio');
    await phone.page.getByTestId('channel-tab-barra').waitFor();
    await say(b.page, `e mais uma, ${ana.username}`);
    await phone.page.getByTestId('channel-tab-barra').getByTestId('mention-marker').waitFor();
    await screenshot(phone.page, 'chat-tabs-unread-360', { fullPage: false });
    // A tab opened on the desktop appears on the phone without a reload; closed there, it goes from the phone too.
    await say(a.page, '/join #sampa');
    await inChannel(a.page, 'sampa');
    await phone.page.getByTestId('channel-tab-sampa').waitFor();
    await a.page.getByTestId('close-tab-sampa').click();
    await phone.page.getByTestId('channel-tab-sampa').waitFor({ state: 'detached' });
    const phoneTabs = await phone.page.getByTestId('channel-tabs').getByRole('link').allInnerTexts();
    expect(phoneTabs.map((text) => text.split('\n')[0])).toEqual(['#barra', '#rio']);
    await phone.close();

    await barraTab.getByRole('link').click();
    await inChannel(a.page, 'barra');
    await a.page.getByTestId('message-list').getByText('olha isto').waitFor();
    await expect.poll(() => a.page.title()).toMatch(/^#barra - /);

    // Bia opens a private conversation with ana and writes: it appears in ana's sidebar at once, with its badge.
    await sendPrivateMessageByApi(suite.server, bia, ana.username, 'psiu');
    const sidebarEntry = a.page
      .getByTestId('sidebar-conversations')
      .getByRole('link', { name: new RegExp(bia.username) });
    await sidebarEntry.waitFor();
    await expect.poll(() => sidebarEntry.innerText()).toMatch(/1/);

    // Tab completes bia's nickname; ↑ brings back ana's own last line.
    const input = a.page.getByTestId('message-input');
    await input.fill(bia.username.slice(0, 2));
    await input.press('Tab');
    expect(await input.inputValue()).toBe(`${bia.username}: `);
    await input.fill(`oi @${bia.username.slice(0, 2)}`);
    await a.page
      .getByTestId('nick-suggestions')
      .getByRole('option', { name: `@${bia.username}` })
      .waitFor();
    await screenshot(a.page, 'chat-suggestions-1280', { fullPage: false });
    await input.press('Enter');
    expect(await input.inputValue()).toBe(`oi @${bia.username} `);
    await input.fill('linha para lembrar');
    await input.press('Enter');
    await a.page
      .locator('[data-testid="message-list"] li:not([data-delivery])')
      .filter({ hasText: 'linha para lembrar' })
      .waitFor();
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
    await a.page
      .getByRole('log', { name: `Mensagens com ${caio.username}` })
      .getByText('oi caio')
      .waitFor();
    expect(biaHears).not.toContain('user-left');

    // A's network goes for 20 s while bia writes 3 lines in #barra: back online, they show once, in order, marked
    // late, with one replay asked per open channel.
    await a.page.getByTestId('sidebar-open-channels').getByRole('link', { name: '#barra' }).click();
    await inChannel(a.page, 'barra');
    const replays = sentEvents(a.page, 'replay');
    const ircBeforeCut = irc.received.length;
    const cutAt = Date.now();
    await a.context.setOffline(true);
    await a.page.getByTestId('connection-banner').waitFor();
    for (const n of [1, 2, 3]) {
      await say(b.page, `enquanto caía ${n}`);
      await b.page
        .locator('[data-testid="message-list"] li:not([data-delivery])')
        .filter({ hasText: `enquanto caía ${n}` })
        .waitFor();
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 20_000 - (Date.now() - cutAt))));
    await a.context.setOffline(false);
    const late = a.page.locator('[data-testid="message-list"] li[data-late]');
    // the socket reconnects with its back-off (1 s to 5 s), then joins and asks.
    await expect.poll(() => late.count(), { timeout: 15_000 }).toBe(3);
    const shown = await spokenLines(a.page);
    const dropped = shown.filter((line) => line.includes('enquanto caía'));
    expect(dropped.map((line) => /enquanto caía \d/.exec(line)?.[0])).toEqual([
      'enquanto caía 1',
      'enquanto caía 2',
      'enquanto caía 3',
    ]);
    await expect.poll(() => replays.length, { timeout: 5_000 }).toBe(2);
    expect(replays.some((payload) => payload.includes('"#barra"'))).toBe(true);
    // Nobody heard the cut: ana's place in #barra was held through it, neither a part nor a join told.
    expect(biaHears).not.toContain('user-left');
    const anaOnIrc = irc.received.slice(ircBeforeCut).filter((line) => line.startsWith(`:${ana.username}!`));
    expect(anaOnIrc.filter((line) => / (PART|JOIN|QUIT) /.test(line))).toEqual([]);
    await screenshot(a.page, 'chat-replayed-late-1280', { fullPage: false });

    // A reloads: this device kept what she saw in both open channels.
    await a.page.getByTestId('channel-tab-rio').getByRole('link').click();
    await inChannel(a.page, 'rio');
    await say(a.page, 'uma linha no rio');
    await expect.poll(() => keptOnDevice(a.page, 'uma linha no rio'), { timeout: 5_000 }).toBe(true);
    await a.page.reload();
    await inChannel(a.page, 'rio');
    await a.page.getByTestId('message-list').getByText('uma linha no rio').waitFor();
    await a.page.getByTestId('channel-tab-barra').getByRole('link').click();
    await inChannel(a.page, 'barra');
    expect((await spokenLines(a.page)).filter((line) => line.includes('enquanto caía'))).toHaveLength(3);
    expect(await a.page.locator('[data-testid="message-list"] li[data-late]').count()).toBe(0);

    // "Apagar histórico deste aparelho" on the profile erases what this device kept.
    await a.page.goto('/profile');
    await a.page.getByTestId('device-history-erase').click();
    await a.page.getByTestId('device-history-erase-dialog-confirm').click();
    await a.page.getByText('Histórico deste aparelho apagado.').waitFor();
    expect(await keptOnDevice(a.page, 'uma linha no rio')).toBe(false);
    await screenshot(a.page, 'profile-device-history-1280', { fullPage: false });

    // Ctrl+K finds people too: dani, in #barra from IRC with no conversation yet, gets one from the keyboard.
    await a.page.goto('/barra');
    await inChannel(a.page, 'barra');
    await a.page.locator(`[data-testid="user-entry"][data-nickname="${dani.username}"]`).first().waitFor();
    await a.page.keyboard.press('Control+k');
    await a.page.getByTestId('switcher-input').fill(dani.username);
    const people = a.page.getByTestId('quick-switcher').getByRole('group', { name: 'Pessoas' });
    await people.getByRole('option', { name: new RegExp(`^${dani.username}`) }).waitFor();
    await screenshot(a.page, 'chat-switcher-people-1280', { fullPage: false });
    await a.page.getByTestId('switcher-input').press('Enter');
    await a.page.waitForURL(/\/pvt\/\d+$/);
    await a.page.getByRole('log', { name: `Mensagens com ${dani.username}` }).waitFor();
  });

  it('on a public page after a reload, marks a mention and counts it in the title, and not the member’s own line from IRC', async () => {
    const { eva, fabio } = await publicPageAccounts();
    irc = await connectRawIrc({ host: '127.0.0.1', port: ircPort });
    await registerRawIrc(irc, fabio);
    irc.send('JOIN #barra');
    await irc.waitFor((line) => / 366 \S+ #barra /.test(line));
    const e = await memberSession(suite, eva, 'desktop');
    await e.page.goto('/barra');
    await inChannel(e.page, 'barra');
    await irc.waitFor((line) => line.startsWith(`:${eva.username}!`) && / JOIN :?#barra$/.test(line));

    // A page of islands, loaded afresh: no channel screen tells the chat who she is.
    await e.page.goto('/blog');
    await e.page.locator('[data-island="chat-host"][data-island-live]').waitFor({ state: 'attached' });
    const barra = e.page.getByTestId('sidebar-open-channels').getByRole('link', { name: /#barra/ });
    await barra.waitFor();
    const evaOnIrc = await connectRawIrc({ host: '127.0.0.1', port: ircPort });
    try {
      await registerRawIrc(evaOnIrc, eva);
      const from = irc.received.length;
      evaOnIrc.send('PRIVMSG #barra :escrito do meu cliente de IRC');
      await irc.waitFor((line) => line.endsWith('escrito do meu cliente de IRC'), undefined, from);
    } finally {
      evaOnIrc.close();
    }
    irc.send(`PRIVMSG #barra :${eva.username}: viu o blog?`);
    await barra.getByTestId('mention-marker').waitFor();
    expect((await barra.innerText()).replace(/\s+/g, ' ')).toContain('1 mensagem não lida');
    await expect.poll(() => e.page.title()).toMatch(/^\(1\) Blog - /);
    await screenshot(e.page, 'chat-public-page-mention-1280', { fullPage: false });
  });
});
