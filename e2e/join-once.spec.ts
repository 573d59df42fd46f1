import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken, createUser, logIn, type Account } from './support/accounts.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite();
const ana: Account = { username: 'ana', email: 'ana@example.com', password: 'Uma-vez-so-2026' };
const bia: Account = { username: 'bia', email: 'bia@example.com', password: 'Uma-vez-so-2026' };

beforeAll(async () => {
  await createUser(suite.server, ana);
  await createUser(suite.server, bia);
});

/** Opens (or finds) the private conversation of ana and bia over the API; answers its id. */
async function conversationOfAnaAndBia(): Promise<number> {
  const me = await fetch(`${suite.server.url}/api/me`, {
    headers: { authorization: `Bearer ${await apiToken(suite.server, bia)}` },
  });
  const { id } = (await me.json()) as { id: number };
  const opened = await fetch(`${suite.server.url}/api/add-conversation`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiToken(suite.server, ana)}` },
    body: JSON.stringify({ user: id }),
  });
  return ((await opened.json()) as { conversation_id: number }).conversation_id;
}

/** One Socket.IO WebSocket of the page: the `join`/`leave` frames it sent and the names of the events it received, in order. */
interface SocketFrames {
  sent: [string, string][];
  received: string[];
}

// a Socket.IO event is `42`, an optional ack id, then the JSON array [event, ...args].
const socketEvent = (payload: string | Buffer) => {
  const event = typeof payload === 'string' ? /^42\d*(\[.*)$/s.exec(payload) : null;
  return event ? (JSON.parse(event[1]!) as [string, ...unknown[]]) : null;
};

function watchSockets(page: Page): SocketFrames[] {
  const sockets: SocketFrames[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/node-server/socket.io')) return;
    const frames: SocketFrames = { sent: [], received: [] };
    sockets.push(frames);
    ws.on('framesent', ({ payload }) => {
      const event = socketEvent(payload);
      if (event && (event[0] === 'join' || event[0] === 'leave')) frames.sent.push([event[0], String(event[1])]);
    });
    ws.on('framereceived', ({ payload }) => {
      const event = socketEvent(payload);
      if (event) frames.received.push(event[0]);
    });
  });
  return sockets;
}

const joinsAndLeaves = (sockets: SocketFrames[]) => sockets.flatMap((socket) => socket.sent);

/** Lets the test drop the page's live WebSocket, as a network cut would; Socket.IO then reconnects on its own. */
async function recordWebSockets(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const opened: WebSocket[] = [];
    (window as unknown as { openedSockets: WebSocket[] }).openedSockets = opened;
    window.WebSocket = class extends window.WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        opened.push(this);
      }
    };
  });
}

const dropConnection = (page: Page) =>
  page.evaluate(() => (window as unknown as { openedSockets: WebSocket[] }).openedSockets.at(-1)?.close());

async function openChannel(page: Page, channel: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `#${channel}` }).waitFor();
  await page.locator('[data-testid="message-input"]:enabled').waitFor();
}

describe('one join per room per socket', () => {
  it('joins a channel once, keeps it while another is on screen, and joins each open channel once on the new socket after a forced reconnect', async () => {
    const { page } = await suite.open('desktop', { cookieChoice: true });
    await recordWebSockets(page);
    const sockets = watchSockets(page);
    await logIn(page, ana);

    await page.goto('/barra');
    await openChannel(page, 'barra');
    const joinedLine = page.getByText('Você entrou em #barra');
    await joinedLine.waitFor();
    expect(sockets.at(-1)?.sent).toEqual([['join', '#barra']]);

    // A route change inside the app: to #rio and back.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/rio');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await openChannel(page, 'rio');
    await page.goBack();
    await openChannel(page, 'barra');
    // an open channel stays joined while another is on screen, so moving between them sends nothing.
    const inRoom = (room: string) =>
      sockets
        .at(-1)!
        .sent.filter(([, target]) => target === room)
        .map(([event]) => event);
    expect(inRoom('#barra')).toEqual(['join']);
    expect(inRoom('#rio')).toEqual(['join']);

    const before = sockets.length;
    const joinedLines = await joinedLine.count();
    await dropConnection(page);
    await page.waitForFunction(
      () => (window as unknown as { openedSockets: WebSocket[] }).openedSockets.at(-1)?.readyState === WebSocket.OPEN,
    );
    await page.locator('[data-testid="message-input"]:enabled').waitFor();
    await expect
      .poll(() => joinsAndLeaves(sockets.slice(before)), { timeout: 15_000 })
      .toEqual([
        ['join', '#barra'],
        ['join', '#rio'],
      ]);
    expect(sockets.length).toBe(before + 1);
    await page.getByTestId('message-input').fill('/me voltou');
    await page.getByTestId('message-input').press('Enter');
    await page.getByText('voltou').waitFor();
    // back within the reconnect grace, the member never left the rooms: no part and no join comes back.
    expect(sockets.at(-1)?.received).not.toContain('user-joined');
    expect(sockets.at(-1)?.received).not.toContain('user-left');
    expect(await joinedLine.count()).toBe(joinedLines);
  });

  it('joins a private conversation once, and once on the new socket after a forced reconnect', async () => {
    const conversationId = await conversationOfAnaAndBia();
    const room = `conversation_${conversationId}`;
    const { page } = await suite.open('mobile', { cookieChoice: true });
    await recordWebSockets(page);
    const sockets = watchSockets(page);
    await logIn(page, ana);

    await page.goto(`/pvt/${conversationId}`);
    await page.getByRole('log', { name: 'Mensagens com bia' }).waitFor();
    // the channels ana keeps open (the test before) are joined too; only the conversation's room is counted here.
    const conversationFrames = (from: SocketFrames[]) => joinsAndLeaves(from).filter(([, target]) => target === room);
    await expect.poll(() => conversationFrames(sockets), { timeout: 15_000 }).toEqual([['join', room]]);

    const before = sockets.length;
    await dropConnection(page);
    await page.waitForFunction(
      () => (window as unknown as { openedSockets: WebSocket[] }).openedSockets.at(-1)?.readyState === WebSocket.OPEN,
    );
    await expect.poll(() => conversationFrames(sockets.slice(before)), { timeout: 15_000 }).toEqual([['join', room]]);
    expect(sockets.length).toBe(before + 1);
  });
});
