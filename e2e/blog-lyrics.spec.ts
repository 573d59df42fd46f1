import { request as httpRequest } from 'node:http';
import type { LyricDetail } from '@papo/contract/articles';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.js';
import { expectPath } from './support/expect-page.js';
import { recordApiCalls } from './support/page-watch.js';
import { useBrowserSuite } from './support/suite.js';
import { swipe } from './support/swipe.js';

// The demo articles and lyrics are the journey's content (the demo content every empty database gets).
const suite = useBrowserSuite({ serverEnv: { DEMO_CONTENT: '1' }, readOnly: true });

const articleSlug = 'um-fim-de-semana-em-lisboa-sem-pressa';
const firstLyric = 'a-canoa-virou';

function expectNoRepeats(calls: readonly string[]): void {
  const repeated = calls.filter((call, i) => calls.indexOf(call) !== i);
  expect(repeated, `calls sent twice: ${repeated.join(', ')}`).toEqual([]);
}

/** GET with exactly the given headers (Node's fetch would add its own Accept). */
function getRaw(url: string, headers: Record<string, string>): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('blog and lyrics', () => {
  it('a misspelled search offers the suggestion, and clicking it shows results', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    const calls = recordApiCalls(page);
    await page.goto('/blog');
    await page.getByTestId('article-list').waitFor();
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Procurar no blog' }).fill('lisbao');
    await page.getByRole('button', { name: 'Procurar' }).click();
    const suggestion = page.getByTestId('search-suggestion');
    await suggestion.waitFor();
    expect(await suggestion.innerText()).toContain('Você quis dizer lisboa?');
    const results = page.getByTestId('search-results');
    await results.getByRole('link', { name: /Um fim de semana em Lisboa sem pressa/ }).waitFor();

    // Exactly what was typed finds nothing; the correction is then a link.
    await suggestion.getByRole('button', { name: 'lisbao' }).click();
    await page.getByRole('heading', { name: 'Nenhum resultado encontrado para "lisbao"' }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=lisbao&exact=1');
    await page.getByTestId('search-suggestion').getByRole('button', { name: 'lisboa' }).click();
    await results.waitFor();
    await results.getByRole('link', { name: /Um fim de semana em Lisboa sem pressa/ }).waitFor();
    expect(new URL(page.url()).search).toBe('?q=lisboa');
    await expectAccessible(page);

    await results.getByRole('link', { name: /Um fim de semana em Lisboa sem pressa/ }).click();
    await expectPath(page, `/blog/${articleSlug}`);
    await page.getByRole('heading', { level: 1, name: 'Um fim de semana em Lisboa sem pressa' }).waitFor();
    await expectAccessible(page);
    expectNoRepeats(calls);
    // the blog and its results are pages of islands (decision 042): a search loads the server's page of results,
    // its answer handed over; a suggestion clicked once the results' island is live asks the search API, once.
    expect(calls.filter((call) => call.startsWith('GET /api/search')).length).toBeLessThanOrEqual(1);
    await finish();
  });

  it('keeps the share menus of a lyric and an article on screen at 360 and 1280 px, with every way to share', async () => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const { page, finish } = await suite.open(viewport, { cookieChoice: true });
      for (const path of ['/lyrics/sapo-cururu', `/blog/${articleSlug}`]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('button', { name: 'Compartilhar' }).click();
        const menu = page.getByTestId('share-menu');
        await menu.waitFor();
        const box = await menu.boundingBox();
        const width = page.viewportSize()?.width ?? 0;
        expect(box && box.x >= 0 && box.x + box.width <= width, `${viewport} ${path}: ${JSON.stringify(box)}`).toBe(
          true,
        );
        const items = (await menu.getByRole('listitem').allInnerTexts()).map((text) => text.trim());
        expect(items.slice(0, 5), path).toEqual([
          'Copiar URL',
          'Enviar pelo WhatsApp',
          'Publicar no X',
          'Compartilhar no Facebook',
          'Enviar por e-mail',
        ]);
        await expectAccessible(page);
        await page.keyboard.press('Escape');
      }
      await finish();
    }
  });

  it('a touch swipe on a lyric moves to the next one', async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true, touch: true });
    const calls = recordApiCalls(page);
    const lyric = (await (await fetch(`${suite.server.url}/api/lyrics/${firstLyric}`)).json()) as LyricDetail;
    await page.goto(`/lyrics/${firstLyric}`);
    await page.getByRole('heading', { level: 1, name: lyric.title }).waitFor();
    // the server rendered the lyric; the swipe needs the page's handlers, there once it has hydrated.
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expectAccessible(page);

    // Mid-drag, the next lyric's card peeks in from the right edge, moving with the finger.
    const box = (await page.locator('[data-testid="lyric"]').boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const [x, y] = [box.x + box.width / 2, box.y + Math.min(box.height / 2, 200)];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let step = 1; step <= 4; step += 1)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x - 20 * step, y }] });
    const peek = page.getByTestId('lyric-peek-right');
    await peek.waitFor();
    const width = page.viewportSize()!.width;
    await expect.poll(async () => (await peek.boundingBox())!.x).toBeLessThan(width);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await peek.waitFor({ state: 'detached' });

    // Short of the threshold: the card springs back and nothing happens.
    await swipe(page, '[data-testid="lyric"]', -60);
    await page.getByRole('heading', { level: 1, name: lyric.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/lyrics/${firstLyric}`);

    await swipe(page, '[data-testid="lyric"]', -220);
    await expectPath(page, `/lyrics/${lyric.next}`);
    await page.locator('[data-testid="lyric"] h1').filter({ hasNotText: lyric.title }).waitFor();

    await swipe(page, '[data-testid="lyric"]', 220);
    await expectPath(page, `/lyrics/${firstLyric}`);
    await expectAccessible(page);
    expectNoRepeats(calls);
    await finish();
  });

  it('the lyrics list, its search with "search instead for" and the arrow keys', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await page.goto('/lyrics');
    await page.getByTestId('lyrics-list').waitFor();
    await expectAccessible(page);
    await page.getByRole('searchbox', { name: 'Procurar nas letras' }).fill('cirandihna');
    await page.keyboard.press('Enter');
    await page.getByTestId('search-corrected').waitFor();
    await page
      .getByTestId('search-results')
      .getByRole('link', { name: /Ciranda, cirandinha/ })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Ciranda, cirandinha' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid="lyric"] h1').filter({ hasNotText: 'Ciranda, cirandinha' }).waitFor();
    await finish();
  });

  it('serves the HTML of an article with its preview tags to crawlers, without JavaScript', async () => {
    for (const headers of [{ accept: '*/*', range: 'bytes=0-524287' }, {}] as Record<string, string>[]) {
      const { status, type, body } = await getRaw(`${suite.server.url}/blog/${articleSlug}`, headers);
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/html/);
      expect(body).toContain('<meta property="og:title" content="Um fim de semana em Lisboa sem pressa"');
      expect(body).toMatch(
        new RegExp(`<meta property="og:image" content="${suite.server.url}/uploads/articles/[a-f0-9]{32}\\.webp"`),
      );
      const jsonLd = /<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s.exec(body)?.[1];
      expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
        '@type': 'Article',
        headline: 'Um fim de semana em Lisboa sem pressa',
      });
    }
    const missing = await getRaw(`${suite.server.url}/blog/nao-existe`, { accept: '*/*' });
    expect(missing.status).toBe(404);
    expect(missing.type).toMatch(/^text\/html/);
  });

  it('shows the app’s 404 page for an unknown article, on a phone', async () => {
    const { page, watch, close } = await suite.open('mobile', { cookieChoice: true });
    await page.goto('/blog/nao-existe');
    await page.getByTestId('not-found').waitFor();
    await expectAccessible(page);
    // The page itself answers 404 on purpose (crawlers must not index it); nothing else failed.
    expect(watch.problems).toEqual(['GET /blog/nao-existe answered 404']);
    await close();
  });
});
