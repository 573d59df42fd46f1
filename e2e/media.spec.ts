import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { expectPath } from './support/expect-page.js';
import { useBrowserSuite } from './support/suite.js';

const suite = useBrowserSuite({ readOnly: true });

/** Counts each same-origin GET to /api/ by page load, path and query, so a call sent twice for one page shows. */
function countApiCalls(page: Page): Map<string, number> {
  const calls = new Map<string, number>();
  let load = 0;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) load++;
    const url = new URL(request.url());
    const key = `load ${load}: ${url.pathname}${url.search}`;
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) calls.set(key, (calls.get(key) ?? 0) + 1);
  });
  return calls;
}

function expectEachCalledOnce(calls: Map<string, number>): void {
  expect([...calls].filter(([, count]) => count > 1)).toEqual([]);
}

/** Slides of the first carousel lying wholly inside its viewport. */
function visibleSlides(page: Page): Promise<number> {
  return page.evaluate(() => {
    const carousel = document.querySelector('[data-testid^="carousel-"]')!;
    const viewport = carousel.firstElementChild!.getBoundingClientRect();
    return [...carousel.querySelectorAll('[data-testid="carousel-slide"]')].filter((slide) => {
      const box = slide.getBoundingClientRect();
      return box.width > 0 && box.left >= viewport.left - 21 && box.right <= viewport.right + 1;
    }).length;
  });
}

async function modalTitle(page: Page): Promise<string> {
  return (await page.getByTestId('video-modal').locator('h2').innerText()).trim();
}

describe('media: videos, photos, music and cryptos', () => {
  it('shows 1, 2 and 3 slides at 640, 768 and 1024 px, and the modal player moves with the arrow keys and closes with Fechar', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    const calls = countApiCalls(page);
    await page.goto('/videos');
    await page.getByTestId('recent-videos').waitFor();
    await page.locator('[data-testid="carousel-slide"]').first().waitFor();
    for (const [width, slides] of [
      [640, 1],
      [768, 2],
      [1024, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => visibleSlides(page), { timeout: 5000 }).toBe(slides);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(page);

    const first = page.locator('[data-testid^="carousel-"]').first().locator('[data-testid="carousel-slide"] button');
    const titles = (await first.evaluateAll((buttons) => buttons.map((b) => b.textContent?.trim() ?? ''))).filter(
      Boolean,
    );
    await first.first().click();
    await page.getByTestId('video-modal').waitFor();
    expect(await modalTitle(page)).toBe(titles[0]);
    expect(await page.getByTestId('video-modal').locator('iframe').getAttribute('src')).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\//,
    );
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => modalTitle(page)).toBe(titles[1]);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => modalTitle(page)).toBe(titles.at(-1));
    // Focus stays inside: Tab from the last control wraps to the first, Shift+Tab back again.
    // (The embedded player itself is left out: offline, its frame holds only the browser's error page.)
    const fechar = page.getByRole('button', { name: 'Fechar', exact: true });
    await fechar.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Fechar o player');
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Fechar');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Fechar', exact: true }).click();
    await page.getByTestId('video-modal').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="carousel-slide"]') !== null)).toBe(
      true,
    );
    expectEachCalledOnce(calls);
    await finish();
  });

  it("loads the carousel's code only when a carousel nears the screen, with its controls drawn from the first paint, so nothing moves", async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    const carouselCode = () => scripts.filter((path) => path.includes('carousel-embla')).length;

    // The server's page already has the first carousel's arrows and one dot per video (a phone shows one at a time).
    const html = await (
      await fetch(`${suite.server.url}/videos`, { headers: { accept: 'text/html', 'accept-language': 'pt-BR' } })
    ).text();
    expect(html).toContain('aria-label="Próximos vídeos"');
    expect(html).toContain('aria-label="Página 1 de ');

    await page.goto('/videos', { waitUntil: 'networkidle' });
    const carousel = page.locator('[data-testid^="carousel-"]').first();
    const dots = carousel.getByRole('button', { name: /^Página \d+ de \d+$/ });
    const dotCount = await dots.count();
    expect(dotCount).toBeGreaterThan(1);
    expect(await carousel.isVisible()).toBe(true);
    expect(carouselCode()).toBe(0);

    await carousel.scrollIntoViewIfNeeded();
    // the carousel is an island (decision 042): near the screen, React and its code load first, then Embla.
    await expect.poll(carouselCode, { timeout: 15_000 }).toBe(1);
    // Embla's snaps are as many as the dots drawn before it (one per video on a phone).
    await expect.poll(() => dots.count()).toBe(dotCount);
    const slides = carousel.locator('[data-testid="carousel-slide"]');
    const firstLeft = async () => (await slides.first().boundingBox())!.x;
    const before = await firstLeft();
    await carousel.getByRole('button', { name: 'Próximos vídeos' }).click();
    await expect.poll(() => dots.nth(1).getAttribute('aria-current')).toBe('true');
    await expect.poll(firstLeft).toBeLessThan(before - 100);
    await carousel.getByRole('button', { name: 'Vídeos anteriores' }).click();
    await expect.poll(() => dots.nth(0).getAttribute('aria-current')).toBe('true');

    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    await expectAccessible(page);
    await finish();
  });

  it('plays a track with a drawing analyzer, skips, wraps, and keeps playing on another page; its code loads only there', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    const scripts: string[] = [];
    page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    );
    const calls = countApiCalls(page);
    await page.goto('/videos');
    await page.getByTestId('recent-videos').waitFor();
    expect(scripts.filter((s) => /music-screen|analyzer|engine/.test(s))).toEqual([]);

    await page.goto('/music');
    await page.getByTestId('track-list').locator('li').nth(27).waitFor();
    const titles = await page.getByTestId('track-list').locator('li').allInnerTexts();
    expect(titles).toHaveLength(28);
    await expectAccessible(page);
    // the player is an island (decision 042): the pointer reaching it wakes it, and the tap that starts a song is
    // then its own.
    await page.getByTestId('player').hover();
    await page.locator('[data-island="music-player"][data-island-live]').waitFor({ state: 'attached' });
    await page.getByTestId('player-toggle').click();
    await expect
      .poll(() => page.getByTestId('player-toggle').getAttribute('aria-label'), { timeout: 15_000 })
      .toBe('Pausar');
    expect(scripts.some((s) => s.includes('music-screen'))).toBe(true);
    expect(scripts.some((s) => s.includes('analyzer'))).toBe(true);
    const drawn = () =>
      page.getByTestId('analyzer').evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
        let lit = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) lit++;
        return lit;
      });
    await expect.poll(drawn, { timeout: 15_000 }).toBeGreaterThan(100);

    const title = () => page.getByTestId('player-title').innerText();
    expect(await title()).toBe(titles[0]!.replace(/^1\s*/, '').trim());
    await page.getByRole('button', { name: 'Próxima faixa' }).click();
    await expect
      .poll(title)
      .toBe(await page.getByTestId('track-list').locator('li').nth(1).locator('span').nth(1).innerText());
    await page.getByTestId('track-list').locator('li').last().locator('button').click();
    const last = await page.getByTestId('track-list').locator('li').last().locator('span').nth(1).innerText();
    await expect.poll(title).toBe(last);
    await page.getByRole('button', { name: 'Próxima faixa' }).click();
    const firstTitle = await page.getByTestId('track-list').locator('li').first().locator('span').nth(1).innerText();
    await expect.poll(title).toBe(firstTitle);
    await page.getByRole('button', { name: 'Faixa anterior' }).click();
    await expect.poll(title).toBe(last);

    // The end of a track moves on to the next one (wrapping to the first after the last).
    const seekBar = page.getByRole('slider', { name: 'Posição na faixa' });
    await expect.poll(async () => Number(await seekBar.getAttribute('max')), { timeout: 15_000 }).toBeGreaterThan(0);
    await seekBar.press('End');
    await expect.poll(title, { timeout: 15_000 }).toBe(firstTitle);

    await page.getByRole('link', { name: 'Vídeos' }).first().click();
    await expectPath(page, '/videos');
    await page.getByTestId('mini-player').waitFor();
    expect(await page.getByTestId('mini-player-title').innerText()).toBe(firstTitle);
    await expect.poll(() => page.getByTestId('mini-player-toggle').getAttribute('aria-label')).toBe('Pausar');
    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(firstTitle);
    await page.getByTestId('mini-player-toggle').click();
    await expect.poll(() => page.getByTestId('mini-player-toggle').getAttribute('aria-label')).toBe('Tocar');
    await expectAccessible(page);
    expectEachCalledOnce(calls);
    await finish();
  });

  it('opens a photo in the lightbox, moves with the arrows and closes it three ways', async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    await page.goto('/photos');
    const photos = page.getByTestId('photo-grid').locator('button');
    await photos.nth(11).waitFor();
    expect(await photos.count()).toBe(12);
    const captions = await page.getByTestId('photo-grid').locator('figcaption').allInnerTexts();
    await expectAccessible(page);

    await photos.nth(2).click();
    const lightbox = page.getByTestId('lightbox');
    await lightbox.waitFor();
    expect(await lightbox.locator('h2').innerText()).toContain(captions[2]);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => lightbox.locator('h2').innerText()).toContain(captions[3]);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });

    await photos.nth(0).click();
    await lightbox.waitFor();
    // The backdrop around the panel.
    await page.mouse.click(3, 3);
    await lightbox.waitFor({ state: 'detached' });

    await photos.nth(5).click();
    await page.getByRole('button', { name: 'Fechar' }).click();
    await lightbox.waitFor({ state: 'detached' });
    await finish();
  });

  it('shows each coin’s 24-hour change with its sign, green from 0 up and red below', async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    await page.goto('/cryptos');
    await page.getByTestId('crypto-card').first().waitFor();
    const changes = await page.getByTestId('crypto-change').evaluateAll((elements) => {
      // computed colours come as oklch(); a 1×1 canvas turns them into RGB.
      const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      return elements.map((element) => {
        context.fillStyle = getComputedStyle(element).color;
        context.fillRect(0, 0, 1, 1);
        const [r, g] = context.getImageData(0, 0, 1, 1).data;
        return { text: element.textContent ?? '', trend: element.getAttribute('data-trend'), r: r!, g: g! };
      });
    });
    expect(changes).toHaveLength(10);
    expect(changes.some((c) => c.trend === 'down')).toBe(true);
    for (const change of changes) {
      const value = Number((/[+-][\d,.]+/.exec(change.text)?.[0] ?? 'NaN').replace(/\./g, '').replace(',', '.'));
      expect(change.text).toMatch(change.trend === 'up' ? /\+\d+,\d\d%/ : /-\d+,\d\d%/);
      expect(
        value >= 0 ? change.g > change.r : change.r > change.g,
        `${change.text} in rgb(${change.r}, ${change.g})`,
      ).toBe(true);
    }
    await expectAccessible(page);
    await finish();
  });

  it('shows the video page with its details and social tags, and the course landing page with its checkout', async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    await page.goto('/video/Y-rmzh0PI3c');
    await page.getByTestId('video-page').waitFor();
    expect(await page.getByTestId('video-duration').innerText()).toBe('12:10');
    expect(await page.getByTestId('video-description').locator('a').getAttribute('href')).toBe(
      'https://studio.blender.org/films/',
    );
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Cosmos Laundromat');
    expect(await page.title()).toMatch(/^Cosmos Laundromat - /);
    await expectAccessible(page);

    await page.goto('/extraIncome');
    await page.getByTestId('extra-income-grid').locator('button').first().click();
    await page.getByTestId('extra-income-expanded').waitFor();
    expect(
      await page
        .getByTestId('extra-income-expanded')
        .getByTestId('video-frame')
        .evaluate((e) => e.getBoundingClientRect().height),
    ).toBe(500);
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await expect.poll(() => page.getByTestId('extra-income-grid').locator('li').count()).toBe(10);
    expect(await page.getByRole('button', { name: 'Carregar mais' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Concluído' }).click();
    expect(await page.getByTestId('extra-income-expanded').count()).toBe(0);

    await page.goto('/curso/voce-nao-e-um-lixo');
    const checkout = page.getByTestId('course-checkout');
    // no outside checkout configured: the site's own contact page, by a relative link in the same tab.
    expect(await checkout.getAttribute('target')).toBeNull();
    expect(await checkout.getAttribute('href')).toBe('/contato');
    expect(await page.locator('iframe').getAttribute('src')).toContain('mute=1');
    await expectAccessible(page);
    await finish();
  });
});
