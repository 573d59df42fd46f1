import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountsPerTry } from './support/accounts.js';
import { expectPath } from './support/expect-page.js';
import { memberSession, openChannel, say } from './support/chat.js';
import { useBrowserSuite } from './support/suite.js';

const password = 'Digitando-no-canal-2026';
const suite = useBrowserSuite();

const newMembers = accountsPerTry(
  () => suite.server,
  (suffix) => ({
    ana: { username: `ana${suffix}`, email: `ana${suffix}@example.com`, password },
    bia: { username: `bia${suffix}`, email: `bia${suffix}@example.com`, password },
    rui: { username: `rui${suffix}`, email: `rui${suffix}@example.com`, password },
  }),
);

/** Every `typing` event the page's socket receives, in order. */
function typingFrames(page: Page): { username: string; is_typing: boolean; channel?: string }[] {
  const frames: { username: string; is_typing: boolean; channel?: string }[] = [];
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString();
      const match = /^42(\[.*)$/s.exec(text);
      if (!match?.[1]) return;
      const [name, body] = JSON.parse(match[1]) as [string, { username: string; is_typing: boolean; channel?: string }];
      if (name === 'typing') frames.push(body);
    }),
  );
  return frames;
}

describe('typing in a channel, and the phone strip after /msg', () => {
  it('shows who types under the log (one, two), hides it on the line sent, once per event; IRC-free', async () => {
    const { ana, bia, rui } = await newMembers();
    const a = await memberSession(suite, ana, 'desktop');
    const b = await memberSession(suite, bia, 'desktop');
    const r = await memberSession(suite, rui, 'mobile');
    const heardByRui = typingFrames(r.page);
    for (const page of [a.page, b.page, r.page]) await openChannel(page, 'barra');

    const line = r.page.getByTestId('channel-typing');
    await a.page.getByTestId('message-input').pressSequentially('oi g', { delay: 30 });
    await line.getByText(`${ana.username} está digitando…`).waitFor();
    await b.page.getByTestId('message-input').pressSequentially('olá', { delay: 30 });
    await line.getByText(`${ana.username} e ${bia.username} estão digitando…`).waitFor();
    expect(await a.page.getByTestId('channel-typing').textContent(), 'the typist never sees herself').toBe(
      `${bia.username} está digitando…`,
    );

    await a.page.getByTestId('message-input').press('Enter');
    await line.getByText(`${bia.username} está digitando…`).waitFor();
    await say(b.page, 'tudo bem?');
    await r.page.getByTestId('message-list').getByText('tudo bem?').waitFor();
    await expect.poll(() => line.textContent()).toBe('');

    // One burst each: "typing" once, "stopped" once, per member — nothing sent twice.
    const per = (username: string) => heardByRui.filter((f) => f.username === username).map((f) => f.is_typing);
    expect(per(ana.username)).toEqual([true, false]);
    expect(per(bia.username)).toEqual([true, false]);
    expect(heardByRui.every((f) => f.channel === '#barra')).toBe(true);

    // A typist who goes quiet disappears by itself.
    await a.page.getByTestId('message-input').pressSequentially('x');
    await line.getByText(`${ana.username} está digitando…`).waitFor();
    await line.getByText(`${ana.username} está digitando…`).waitFor({ state: 'detached', timeout: 6_000 });
    await Promise.all([a.finish(), b.finish(), r.finish()]);
  });

  it('at 360 px, after /msg from #barra, the strip still shows #barra and leads back to it', async () => {
    const { ana, rui } = await newMembers();
    const a = await memberSession(suite, ana, 'desktop');
    const r = await memberSession(suite, rui, 'mobile');
    await openChannel(a.page, 'barra');
    await openChannel(r.page, 'barra');
    await say(r.page, `/msg ${ana.username} oi, tudo bem?`);
    await r.page.waitForURL(/\/pvt\/\d+$/);
    const tab = r.page.getByTestId('channel-tab-barra').getByRole('link', { name: '#barra' });
    await tab.waitFor();
    const box = await tab.boundingBox();
    expect(box, 'the #barra tab is on screen').not.toBeNull();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 999) + (box?.width ?? 0) <= 360).toBe(true);
    expect(await r.page.evaluate(() => document.documentElement.scrollWidth), 'no sideways page').toBeLessThanOrEqual(
      360,
    );
    await tab.click();
    await expectPath(r.page, '/barra');
    await Promise.all([a.finish(), r.finish()]);
  });
});
