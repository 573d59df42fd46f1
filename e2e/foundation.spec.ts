import type { ChannelList } from '@papo/contract/channels';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { expectChannelsNavLink, expectHtmlLang, expectPath } from './support/expect-page.js';
import { useBrowserSuite } from './support/suite.js';

const yearInSeconds = 365 * 24 * 60 * 60;

const suite = useBrowserSuite({ readOnly: true });

describe('foundation: a visitor finds their way around', () => {
  it('switches to English and keeps it after a reload', async () => {
    const { page, finish } = await suite.open('desktop');
    await page.goto('/');
    await expectHtmlLang(page, 'pt');
    await expectChannelsNavLink(page, 'Canais');
    await expectAccessible(page);

    await page.getByTestId('language-switcher').selectOption('en');
    await expectHtmlLang(page, 'en');
    await expectChannelsNavLink(page, 'Channels');

    await page.reload();
    await expectHtmlLang(page, 'en');
    await expectChannelsNavLink(page, 'Channels');
    expect(await page.evaluate(() => localStorage.getItem('user-language'))).toBe('en');
    await expectAccessible(page);
    await finish();
  });

  it('lists the channels by category and shows a visitor who opens one its page, with the way in through /login', async () => {
    // the page is checked against what the server holds, not against the list the page is built from.
    const served = (await (await fetch(`${suite.server.url}/api/channels`)).json()) as ChannelList;
    expect(served.categories.flatMap((group) => group.channels)).toHaveLength(34);
    const { page, finish } = await suite.open('desktop');
    await page.goto('/channels');
    let total = 0;
    for (const { category, channels } of served.categories) {
      const section = page.getByTestId(`channels-${category}`);
      await section.waitFor();
      expect(await section.evaluate((element) => element.tagName)).toBe('SECTION');
      expect((await section.locator('h2').innerText()).trim()).not.toBe('');
      const links = await section
        .locator('a')
        .evaluateAll((anchors) => anchors.map((a) => `${a.getAttribute('href')} ${a.textContent?.trim()}`));
      expect(links, `links of ${category}`).toEqual(channels.map(({ name }) => `/${name} #${name}`));
      total += links.length;
    }
    expect(total).toBe(34);
    await expectAccessible(page);

    await page.getByTestId('channels-regional').locator('a[href="/rio"]').click();
    await expectPath(page, '/rio');
    await page.getByRole('heading', { level: 1, name: '#rio' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Entrar para conversar' }).click();
    await expectPath(page, '/login');
    await finish();
  });

  it('sends a visitor who opens /profile to /login', async () => {
    const { page, finish } = await suite.open('desktop');
    await page.goto('/profile');
    await expectPath(page, '/login');
    await expectAccessible(page);
    await finish();
  });

  for (const [choice, value] of [
    ['accept', 'true'],
    ['decline', 'false'],
  ] as const) {
    it(`remembers a cookie ${choice} for a year`, async () => {
      const { page, context, finish } = await suite.open('desktop');
      await page.goto('/');
      const banner = page.getByTestId('cookie-banner');
      await banner.waitFor();
      await expectAccessible(page);

      await page.getByTestId(`cookie-${choice}`).click();
      await banner.waitFor({ state: 'hidden' });
      const cookie = (await context.cookies()).find((candidate) => candidate.name === 'accepted');
      expect(cookie, 'cookie "accepted"').toMatchObject({ value, path: '/' });
      const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
      expect(Math.abs(lifetime - yearInSeconds), 'cookie lifetime vs 365 days (s)').toBeLessThan(24 * 60 * 60);

      await page.reload();
      await page.getByTestId('language-switcher').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await banner.isVisible(), 'cookie banner after reload').toBe(false);
      await expectAccessible(page);
      await finish();
    });
  }

  it('leaves the footer reachable at 360 px with the cookie banner shown, on short pages too', async () => {
    const { page, finish } = await suite.open('mobile');
    for (const path of ['/sobre-nos', '/contato', '/termos-de-uso', '/irc', '/channels']) {
      await page.goto(path);
      await page.getByTestId('cookie-banner').waitFor();
      await expectAccessible(page);
    }
    await finish();
  });

  it('opens the mobile menu, follows a link, and closes on Escape', async () => {
    const { page, finish } = await suite.open('mobile');
    await page.goto('/');
    const button = page.getByTestId('mobile-menu-button');
    const menu = page.getByTestId('mobile-menu');
    await button.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await expectAccessible(page);

    await button.click();
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const controls = await button.getAttribute('aria-controls');
    expect(controls, 'aria-controls of the menu button').toBeTruthy();
    expect(await page.locator(`[id="${controls}"]`).isVisible(), 'element named by aria-controls is shown').toBe(true);
    const hrefs = await menu.locator('a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining(['/blog', '/shop', '/courses', '/channels', '/videos']));
    await menu.getByTestId('language-switcher').waitFor();
    await expectAccessible(page);

    await menu.locator('a[href="/channels"]').click();
    await expectPath(page, '/channels');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await page.getByTestId('channels-regional').waitFor();
    await expectAccessible(page);

    await button.click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.evaluate((element) => element === document.activeElement), 'focus back on the button').toBe(
      true,
    );
    await finish();
  });
});
