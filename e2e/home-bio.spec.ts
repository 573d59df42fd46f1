import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, logIn, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { recordApiCalls, writes } from './support/page-watch.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

const moderator: Account = {
  username: 'bio_editora',
  email: 'bio-editora@papo.test',
  password: 'senha-longa-bio-123',
  role: 'ROLE_MODERATOR',
};
// A 4×4 red PNG (made with sharp), small enough to inline; the server decodes and re-encodes it like any photo.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWM4YKkNRwzEcQDkExJB1M3unQAAAABJRU5ErkJggg==',
  'base64',
);

// the biography, articles and news of the demo content are what this journey reads.
const suite = useBrowserSuite({ serverEnv: { DEMO_CONTENT: '1' } });

/** Headings of the year sections on the bio page, in order. */
async function yearHeadings(page: Page): Promise<string[]> {
  return page.locator('article[id^="ano-"] h2').allInnerTexts();
}

async function waitForYears(page: Page, first: string, count: number) {
  await page.waitForFunction(
    ([year, n]) => {
      const headings = [...document.querySelectorAll('article[id^="ano-"] h2')].map((h) => h.textContent);
      return headings[0] === year && headings.length === n;
    },
    [first, count] as const,
  );
}

describe('home and bio', () => {
  it('a visitor votes once and sees the results, and sends the home message box', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    const votes: string[] = [];
    let storeCalls = 0;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/survey/vote') votes.push(request.postData() ?? '');
      if (pathname === '/api/latestStores') storeCalls += 1;
    });
    await page.goto('/');
    // Trending stores are the newest published shops the server lists, each linking to its page: the server
    // rendered them and handed its answer over, so the browser does not ask again (decision 019).
    const stores = page.getByTestId('home-stores');
    await stores.getByRole('link').first().waitFor();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(storeCalls).toBe(0);
    const latest: { items: { slug: string; name: string }[] } = await page.evaluate(async () =>
      (await fetch('/api/latestStores')).json(),
    );
    expect(latest.items.length).toBeGreaterThan(0);
    const links = await stores
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.getAttribute('href'), a.textContent]));
    expect(links).toEqual(latest.items.map((store) => [`/shop/${store.slug}`, store.name]));
    await screenshot(page, 'home-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'home-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    const survey = page.getByTestId('home-survey');
    // the survey depends on the visitor, so it loads when the reader scrolls to it (decision 042).
    await survey.scrollIntoViewIfNeeded();
    await survey.getByRole('button', { name: 'Notícias' }).click();
    await survey.getByText('Voto registrado! Veja o resultado.').waitFor();
    const results = survey.getByRole('list', { name: 'Resultado da enquete' });
    expect(await results.getByRole('listitem').count()).toBe(3);
    expect(await results.innerText()).toContain('1 voto · 100%');
    expect(votes).toEqual([JSON.stringify({ surveyId: 1, optionIndex: 1 })]);
    // The same visitor comes back: the results show, and there is nothing left to vote with.
    await page.reload();
    await page.getByTestId('home-survey').scrollIntoViewIfNeeded();
    await page.getByTestId('home-survey').getByRole('list', { name: 'Resultado da enquete' }).waitFor();
    expect(await page.getByTestId('home-survey').getByRole('button').count()).toBe(0);

    const chat = page.getByTestId('home-chat');
    await chat.getByRole('textbox').fill('Olá! Adorei o site.');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await chat.getByText('Mensagem enviada!', { exact: false }).waitFor();
    expect(await chat.getByRole('textbox').count()).toBe(0);

    // The other sections loaded on their own: the latest article, quick news with a picture first, new members.
    expect(await page.getByTestId('home-article').getByRole('link').getAttribute('href')).toMatch(
      /^\/blog\/[a-z0-9-]+$/,
    );
    await page.getByTestId('home-news').locator('article img').waitFor();
    expect(await page.getByTestId('home-users').getByRole('listitem').count()).toBeGreaterThanOrEqual(5);
    await expectAccessible(page);
    await finish();
  });

  it('a visitor picks a decade, follows a tag to its year and back, opens learn-more cards and searches without accents', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await page.goto('/bio');
    await waitForYears(page, '1974', 4);
    await page.getByRole('button', { name: 'Anos 1980' }).click();
    await waitForYears(page, '1980', 4);
    expect(await yearHeadings(page)).toEqual(['1980', '1981', '1982', '1983']);
    // /bio is a page of islands (decision 042): its address follows once the server's page is in place.
    await page.waitForURL((url) => url.search === '?ano=1980');
    await expectAccessible(page);

    // 1982 mentions Dona Cida; her tag first appears in 1974.
    await page.locator('#ano-1982').getByRole('link', { name: 'Dona Cida' }).click();
    await waitForYears(page, '1974', 4);
    await page.waitForURL((url) => url.search === '?ano=1974');
    await page.waitForFunction(() => {
      const box = document.getElementById('ano-1974')?.getBoundingClientRect();
      return box !== undefined && box.top >= 0 && box.top < window.innerHeight;
    });
    const panel = page.getByRole('complementary', { name: 'Painel lateral' });
    const cards = panel.getByTestId('learn-more-card');
    await cards.first().getByRole('heading', { name: 'Dona Cida' }).waitFor();
    await cards.first().getByRole('button', { name: 'Olinda' }).click();
    await cards.first().getByRole('heading', { name: 'Olinda' }).waitFor();
    expect(await cards.count()).toBe(2);
    expect(await cards.nth(1).getByRole('heading').first().innerText()).toBe('Dona Cida');
    await page.goBack();
    await waitForYears(page, '1980', 4);

    await page.getByRole('searchbox', { name: 'Buscar na biografia' }).fill('mare');
    await page.getByRole('button', { name: 'Buscar' }).click();
    const results = page.getByRole('region', { name: 'Resultados da busca na biografia' });
    await results.locator('mark').first().waitFor();
    const marked = await results.locator('mark').allInnerTexts();
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.every((word) => /^mar[eé]/i.test(word))).toBe(true);
    expect(marked).toContain('Maré');
    expect(await page.locator('article[id^="ano-"]').count()).toBe(0);
    await results
      .getByRole('button', { name: /Maré Alta/ })
      .first()
      .click();
    await results.getByRole('heading', { level: 3, name: 'Maré Alta' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Limpar' }).click();
    await waitForYears(page, '1980', 4);
    await finish();
  });

  it("links each person of /bio to their page, and an article's byline to its author's page listing their articles", async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await page.goto('/bio');
    const person = page.locator('a[href^="/person/"]').first();
    // the link reads the person's name, then their summary.
    const linkText = await person.innerText();
    const href = await person.getAttribute('href');
    expect(href).toMatch(/^\/person\/\d+$/);
    await person.click();
    await page.waitForURL(`**${href}`);
    // the address changes before the next page's content is drawn: wait for the person's heading.
    const heading = page.getByRole('heading', { level: 1 });
    await expect
      .poll(async () => {
        const name = (await heading.textContent())?.trim() ?? '';
        return name.length > 0 && linkText.startsWith(name);
      })
      .toBe(true);

    await page.goto('/blog');
    const article = page.locator('main a[href^="/blog/"]').first();
    const articlePath = await article.getAttribute('href');
    await article.click();
    await page.waitForURL(`**${articlePath}`);
    const byline = page.getByTestId('article-byline').locator('a[href^="/autor/"]');
    const author = (await byline.innerText()).trim();
    await byline.click();
    await page.waitForURL('**/autor/*');
    await page.getByRole('heading', { level: 1 }).filter({ hasText: author }).waitFor();
    await page.locator('main a[href^="/blog/"]').first().waitFor();
    await finish();
  });

  /** One address of each public page type: the sections, then the first detail page of each kind the sitemap lists. */
  async function onePageOfEachType(): Promise<string[]> {
    const sitemap = await (await fetch(`${suite.server.url}/sitemap.xml`)).text();
    const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
    const details = [
      /^\/blog\/[^/]+$/,
      /^\/lyrics\/[^/]+$/,
      /^\/shop\/[^/]+$/,
      /^\/courses\/[^/]+$/,
      /^\/video\/[^/]+$/,
      /^\/person\/\d+$/,
    ].map((pattern) => listed.find((path) => pattern.test(path)));
    expect(details.every(Boolean), `a detail page of each kind in the sitemap: ${details.join(', ')}`).toBe(true);
    const sections = [
      '/',
      '/blog',
      '/lyrics',
      '/shop',
      '/courses',
      '/videos',
      '/music',
      '/photos',
      '/bio',
      '/cryptos',
      '/extraIncome',
      '/channels',
      '/irc',
      '/sobre-nos',
      '/contato',
      '/termos-de-uso',
    ];
    const channel = listed.find(
      (path) => /^\/[^/]+$/.test(path) && !sections.includes(path) && !path.startsWith('/politica'),
    );
    return [...sections, ...(details as string[]), '/autor/redacao', ...(channel ? [channel] : []), '/nada-por-aqui'];
  }

  // with the cookie banner shown (no choice made yet), where it covers the most. Each page is loaded once and
  // checked at 1280 px, then at 360 px: the layout follows the width (media queries, resize listeners), and a second
  // load of two dozen pages would only repeat the server's and the browser's work.
  it('has no serious axe violation on any public page type at 1280 and 360 px with the cookie banner shown', async () => {
    const pages = await onePageOfEachType();
    const { page, watch, close } = await suite.open('desktop');
    for (const path of pages) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(path);
      await page.getByTestId('cookie-banner').waitFor();
      await expectAccessible(page);
      await page.setViewportSize({ width: 360, height: 800 });
      // two frames, so resize listeners (the carousel's slides per width) have drawn the narrow layout.
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
      );
      await expectAccessible(page);
    }
    // The 404 page is one of the types: its status is the one problem expected.
    expect(watch.problems).toEqual(['GET /nada-por-aqui answered 404']);
    await close();
  }, 600_000);

  it('a moderator adds a bio entry, saves it, changes its photo, and deletes an unsaved one without a call', async () => {
    await createUser(suite.server, moderator);
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    const bioCalls = recordApiCalls(page, (method, pathname) => writes(method) && pathname.startsWith('/api/bio'));
    await logIn(page, moderator);
    await page.goto('/bioEdit/events');
    await page.getByTestId('bio-entry').first().waitFor();
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    const entry = page.getByTestId('bio-entry').first();
    expect(await entry.getAttribute('aria-label')).toBe('Novo verbete');
    await entry.getByRole('textbox', { name: 'Etiqueta', exact: true }).fill('Festa da Lavadeira');
    await entry.getByRole('textbox', { name: 'Etiquetas relacionadas' }).fill('Olinda, Dona Cida');
    await entry.getByRole('combobox', { name: 'Layout' }).selectOption('layout-1');
    await entry.getByRole('textbox', { name: 'Parágrafo 1' }).fill('Festa de rua onde Tiana cantou com a avó.');
    await entry.getByRole('button', { name: 'Adicionar parágrafo' }).click();
    await entry.getByRole('textbox', { name: 'Parágrafo 2' }).fill('Acontece todo mês de maio.');
    expect(await entry.getByRole('link', { name: 'Alterar Foto' }).count()).toBe(0);
    await entry.getByRole('button', { name: 'Salvar' }).click();
    await entry.getByText('Salvo com sucesso!').waitFor();
    expect(bioCalls).toEqual(['POST /api/bio']);
    await expectAccessible(page);

    await entry.getByRole('link', { name: 'Alterar Foto' }).click();
    await page.waitForURL(/\/editor_image_bio\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Foto da Bio' }).waitFor();
    // The one cover editor, with the tag read-only under its own label.
    await page.getByText('Etiqueta', { exact: true }).waitFor();
    await page.getByText('Festa da Lavadeira', { exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Etiqueta' }).count()).toBe(0);
    await page.getByText('600×600').waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: 'festa.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('textbox', { name: 'Descrição' }).fill('Bandeirolas na rua');
    await page.getByRole('button', { name: 'Salvar capa' }).click();
    await page.getByText('Capa salva.').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'bio-cover-1280');
    await page.setViewportSize({ width: 360, height: 800 });
    await screenshot(page, 'bio-cover-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    const id = new URL(page.url()).pathname.split('/').pop();
    const saved = await page.evaluate(async (bioId) => {
      const token = JSON.parse(localStorage.getItem('user') ?? '{}').token;
      return (await fetch(`/api/bio/${bioId}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    }, id);
    expect(saved).toMatchObject({
      tag: 'Festa da Lavadeira',
      description: 'Bandeirolas na rua',
      photoPath: expect.stringMatching(/^bio\/[a-f0-9]{32}\.png$/),
    });

    await page.goto('/bioEdit/events');
    // Entries are collapsed to a line; the saved one opens on a click.
    await page.getByRole('button', { name: 'Festa da Lavadeira', exact: true }).click();
    await page.getByRole('form', { name: 'Festa da Lavadeira' }).waitFor();
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    const draft = page.getByRole('form', { name: 'Novo verbete' });
    await draft.getByRole('textbox', { name: 'Etiqueta', exact: true }).fill('Rascunho');
    expect(await page.getByTestId('bio-entry').count()).toBe(14);
    bioCalls.length = 0;
    await draft.getByRole('button', { name: 'Deletar' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deseja realmente deletar?' });
    await confirm.getByRole('button', { name: 'Deletar' }).click();
    await draft.waitFor({ state: 'detached' });
    expect(await page.getByTestId('bio-entry').count()).toBe(13);
    expect(bioCalls).toEqual([]);
    expect(await page.getByRole('form', { name: 'Festa da Lavadeira' }).count()).toBe(1);
    await finish();
  });
});
