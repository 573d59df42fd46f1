import type { Page } from 'playwright-core';
import { apiToken, logIn as logInThroughForm, type Account } from './accounts.js';
import type { BrowserSession, ViewportName } from './browser.js';
import type { RunningServer } from './server.js';
import type { BrowserSuite } from './suite.js';

/** A fresh browser session of the suite, the cookie banner answered, signed in through the login form. */
export async function memberSession(
  suite: BrowserSuite,
  account: Account,
  viewport: ViewportName,
): Promise<BrowserSession> {
  const session = await suite.open(viewport, { cookieChoice: true });
  await logInThroughForm(session.page, account);
  return session;
}

/** Waits until the page shows the channel and the member is in its room (the input is enabled then). */
export async function inChannel(page: Page, channel: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: `#${channel}` }).waitFor();
  await page.locator('[data-testid="message-input"]:enabled').waitFor();
}

/** Goes to the channel's page and waits until the member is in its room. */
export async function openChannel(page: Page, channel: string): Promise<void> {
  await page.goto(`/${channel}`);
  await inChannel(page, channel);
}

/** Types a line into the chat's input and sends it, as a member at the keyboard. */
export async function say(page: Page, text: string): Promise<void> {
  const input = page.getByTestId('message-input');
  await input.fill(text);
  await input.press('Enter');
}

/**
 * `from` opens (or finds) a private conversation with `toUsername` over the API and writes `content` in it, as
 * another device of theirs would: what the receiving page must show without a reload.
 */
export async function sendPrivateMessageByApi(
  server: RunningServer,
  from: Pick<Account, 'username' | 'password'>,
  toUsername: string,
  content: string,
): Promise<void> {
  const token = await apiToken(server, from);
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const opened = await fetch(`${server.url}/api/add-conversation`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ nickname: toUsername }),
  });
  const { conversation_id: conversationId } = (await opened.json()) as { conversation_id: number };
  await fetch(`${server.url}/api/conversations/private/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ conversation_id: conversationId, content }),
  });
}
