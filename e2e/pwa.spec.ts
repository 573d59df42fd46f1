import { readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, logIn, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

const member: Account = { username: 'push_e2e', email: 'push@papo.test', password: 'senha-longa-push-1' };
const mobileMember: Account = {
  username: 'push_mobile',
  email: 'push-mobile@papo.test',
  password: 'senha-longa-push-2',
};

const suite = useBrowserSuite();

beforeAll(async () => {
  for (const account of [member, mobileMember]) await createUser(suite.server, account);
});

/** Waits until the page's service worker is active and controls the page (registered after load, when idle). */
async function activeWorker(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
  return page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state ?? 'none');
}

interface Manifest {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('installable: the manifest and its icons', () => {
  it('is linked from the page, parses with every required member, and its icons answer images of their size', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await page.goto('/blog');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/apple-touch-icon.png');
    const response = await page.request.get(href!);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Manifest;
    for (const member of ['name', 'short_name', 'description', 'start_url', 'theme_color', 'background_color'] as const)
      expect(manifest[member]).toBeTruthy();
    expect(manifest).toMatchObject({ lang: 'pt-BR', display: 'standalone', start_url: '/' });
    const purposes = new Set(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`));
    expect([...purposes].sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
    for (const icon of [...manifest.icons, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
      const image = await page.request.get(icon.src);
      expect(image.status()).toBe(200);
      const meta = await sharp(await image.body()).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    const favicon = await page.request.get('/favicon.ico');
    expect([favicon.status(), favicon.headers()['content-type']]).toEqual([200, 'image/x-icon']);
    await finish();
  });
});

describe('offline: the service worker', () => {
  it('is active after the first load, shows a public page visited before without the network, and the offline page for one never visited', async () => {
    const { page, context } = await suite.open('mobile', { cookieChoice: true });
    await page.goto('/');
    expect(await activeWorker(page)).toBe('activated');
    // visited once the worker controls the page, so it keeps a copy.
    await page.goto('/blog');
    const heading = (await page.locator('h1').first().innerText()).trim();
    expect(heading.length).toBeGreaterThan(0);

    await context.setOffline(true);
    await page.goto('/blog');
    expect((await page.locator('h1').first().innerText()).trim()).toBe(heading);
    await screenshot(page, 'pwa-offline-kept-360');

    await page.goto('/lyrics');
    const offline = page.getByTestId('offline-page');
    await offline.waitFor();
    expect(await offline.getByRole('heading', { level: 1 }).innerText()).toBe('Você está sem conexão');
    // It says it will try again by itself, and when.
    const status = offline.getByRole('status');
    const waitSeconds = async () => Number(/em (\d+) s/.exec(await status.innerText())?.[1] ?? 0);
    await expect.poll(() => status.innerText()).toMatch(/^Ainda sem conexão\. Tentaremos de novo em \d+ s/);
    await screenshot(page, 'pwa-offline-page-360');
    // "Tentar de novo" asks at once; still offline, the next wait is longer.
    const before = await waitSeconds();
    await offline.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect.poll(waitSeconds).toBeGreaterThan(before);

    // Back online, the page loads by itself.
    await context.setOffline(false);
    await page.getByTestId('offline-page').waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/lyrics');
  });
});

describe('notifications on this device', () => {
  for (const [viewport, account] of [
    ['desktop', member],
    ['mobile', mobileMember],
  ] as const) {
    it(`asks the browser only when switched on, then subscribes or says why it cannot (${viewport})`, async () => {
      const { page, context } = await suite.open(viewport, { cookieChoice: true });
      await logIn(page, account);
      const section = page.getByTestId('device-notifications');
      await section.scrollIntoViewIfNeeded();
      expect(await section.getByRole('heading', { level: 2 }).innerText()).toBe('Notificações neste aparelho');
      await activeWorker(page);
      const toggle = section.getByRole('switch', { name: 'Notificações neste aparelho' });
      await page.waitForFunction(
        () => !document.querySelector('[data-testid="device-notifications-switch"]')?.hasAttribute('disabled'),
      );
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      // Nothing has asked the browser yet.
      expect(await page.evaluate(() => Notification.permission)).toBe('default');
      await expectAccessible(page);
      await screenshot(page, `pwa-profile-notifications-off-${viewport === 'mobile' ? 360 : 1280}`);

      const subscriptionCalls: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/push/subscriptions') subscriptionCalls.push(response.status());
      });
      await context.grantPermissions(['notifications'], { origin: suite.server.url });
      await toggle.click();
      const problem = section.getByTestId('device-notifications-problem');
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="device-notifications-switch"]')?.getAttribute('aria-checked') ===
            'true' || document.querySelector('[data-testid="device-notifications-problem"]') !== null,
      );
      if ((await toggle.getAttribute('aria-checked')) === 'true') {
        // A browser that reached its push service: the server stored the subscription, once.
        expect(subscriptionCalls).toEqual([201]);
        expect(await section.getByTestId('device-notifications-state').innerText()).toBe('Ativadas neste aparelho');
      } else {
        // No outside network here: the member is told so in plain words, and nothing was stored.
        expect(await problem.innerText()).toContain('não conseguiu falar com o serviço de notificações');
        expect(subscriptionCalls).toEqual([]);
      }
      expect(await page.evaluate(() => Notification.permission)).toBe('granted');
      // The worker kept the shell, and nothing of the member's: no /api answer, not their pages.
      const kept = await page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
        return paths;
      });
      expect(kept.some((path) => path.startsWith('/assets/'))).toBe(true);
      expect(kept.filter((path) => path.startsWith('/api/') || path === '/profile' || path === '/login')).toEqual([]);
      await expectAccessible(page);
      // the section alone, for a person to look at (SCREENSHOT_DIR, as every screenshot).
      if (process.env.SCREENSHOT_DIR)
        await section.screenshot({
          path: `${process.env.SCREENSHOT_DIR}/pwa-profile-section-${viewport === 'mobile' ? 360 : 1280}.png`,
        });
    });
  }
});

describe('a new version', () => {
  // the built notice itself, loaded into a public page as the worker's update would load it.
  const notice = readdirSync(new URL('../apps/web/dist/assets/', import.meta.url)).find((name) =>
    /^update-notice-.*\.js$/.test(name),
  );

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`is offered on a public page with its texts (${viewport})`, async () => {
      const { page } = await suite.open(viewport, { cookieChoice: true });
      await page.goto('/blog');
      // a string, so the test runner leaves its `import()` to the page.
      await page.evaluate(`import('/assets/${notice}').then((module) => module.showUpdateNotice({}, () => undefined))`);
      const shown = page.getByRole('status').filter({ hasText: 'Nova versão disponível' });
      await shown.waitFor();
      expect(await shown.getByRole('button').innerText()).toBe('Atualizar');
      await screenshot(page, `update-notice-public-${viewport}`, { fullPage: false });
    });
  }
});
