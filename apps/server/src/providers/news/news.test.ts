import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { startFakeService, type FakeService } from '../../test/fake-service.js';
import { buildUser, type TestUser } from '../../test/users.js';
import { localHeadlines } from './local-news.js';

/** A Custom Search JSON API answer as documented (kind, queries, searchInformation and items). */
const answer = {
  kind: 'customsearch#search',
  queries: { request: [{ title: 'Google Custom Search - notícias', totalResults: '2', count: 2, startIndex: 1 }] },
  searchInformation: { searchTime: 0.31, formattedSearchTime: '0.31', totalResults: '2', formattedTotalResults: '2' },
  items: [
    {
      kind: 'customsearch#result',
      title: 'Chuva forte atinge o litoral',
      htmlTitle: '<b>Chuva</b> forte atinge o litoral',
      link: 'https://g1.globo.com/clima/chuva.ghtml',
      displayLink: 'g1.globo.com',
      snippet: 'Defesa civil emite alerta para as próximas horas.',
      pagemap: { cse_image: [{ src: 'https://s2.glbimg.com/chuva.jpg' }], metatags: [{ 'og:type': 'article' }] },
    },
    { kind: 'customsearch#result', title: 'Sem imagem', link: 'https://www.uol.com.br/noticia', snippet: 'Texto.' },
    { kind: 'customsearch#result', title: 'Link perigoso', link: 'javascript:alert(1)', snippet: 'x' },
    {
      kind: 'customsearch#result',
      title: 'Imagem perigosa',
      link: 'https://g1.globo.com/a',
      pagemap: { cse_image: [{ src: 'data:image/png;base64,AAAA' }] },
    },
  ],
};

describeEachDialect('news provider against a local fake in the Programmable Search format', (dialect) => {
  let fake: FakeService;
  let t: TestApp;
  let staff: TestUser;
  beforeAll(async () => {
    fake = await startFakeService();
    t = await buildTestApp({
      dialect,
      env: { NEWS_BASE_URL: fake.url, NEWS_API_KEY: 'news-key', NEWS_CX: 'engine-1' },
    });
    staff = await buildUser(t.app, { username: 'editora', roles: ['ROLE_MODERATOR'] });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.on('/customsearch/v1', { json: answer });
    await t.app.providers.cache.idle();
    fake.calls.length = 0;
    await t.app.db.deleteFrom('provider_cache').execute();
    await t.app.db.deleteFrom('home_news').execute();
  });

  const news = (query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/news${query}`, headers });

  it('answers {papoNews} with absolute http(s) links and images only, asking in the language wanted', async () => {
    const response = await news('?lang=fr');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      papoNews: [
        {
          title: 'Chuva forte atinge o litoral',
          link: 'https://g1.globo.com/clima/chuva.ghtml',
          snippet: 'Defesa civil emite alerta para as próximas horas.',
          pagemap: { cse_image: [{ src: 'https://s2.glbimg.com/chuva.jpg' }] },
        },
        { title: 'Sem imagem', link: 'https://www.uol.com.br/noticia', snippet: 'Texto.', pagemap: { cse_image: [] } },
        { title: 'Imagem perigosa', link: 'https://g1.globo.com/a', snippet: '', pagemap: { cse_image: [] } },
      ],
    });
    const call = fake.calls[0]!;
    expect(call.query.get('key')).toBe('news-key');
    expect(call.query.get('cx')).toBe('engine-1');
    expect(call.query.get('lr')).toBe('lang_fr');
  });

  it('uses the member’s language without a parameter, and pt for a visitor', async () => {
    const member = await buildUser(t.app, { username: 'lectora' });
    await t.app.db.updateTable('users').set({ language: 'es' }).where('id', '=', member.id).execute();
    await news('', member.headers);
    await news();
    expect(fake.calls.map((c) => c.query.get('lr'))).toEqual(['lang_es', 'lang_pt']);
    expect((await news('?lang=xx')).statusCode).toBe(400);
  });

  it.each([
    ['a 500', { status: 500, text: 'backend error' }],
    ['a 429', { status: 429, json: { error: { code: 429, message: 'Quota exceeded' } } }],
    ['a 403 daily limit', { status: 403, json: { error: { code: 403, errors: [{ reason: 'dailyLimitExceeded' }] } } }],
    ['a body that is not JSON', { text: '<html>oops' }],
    ['JSON of another shape', { json: { items: 'none' } }],
  ] as const)(
    'serves the local headlines on %s with nothing cached, and the cached answer once there is one',
    async (_name, failure) => {
      fake.on('/customsearch/v1', failure);
      expect((await news('?lang=en')).json().papoNews).toEqual(localHeadlines('en'));
      fake.on('/customsearch/v1', { json: answer });
      expect((await news('?lang=en')).json().papoNews).toHaveLength(3);
      await t.app.db.updateTable('provider_cache').set({ fetched_at: 0 }).execute();
      fake.on('/customsearch/v1', failure);
      expect((await news('?lang=en')).json().papoNews).toHaveLength(3);
      await t.app.providers.cache.idle();
      expect((await news('?lang=en')).json().papoNews[0].title).toBe('Chuva forte atinge o litoral');
    },
  );

  it('answers no items as an empty list (the API leaves `items` out)', async () => {
    fake.on('/customsearch/v1', { json: { kind: 'customsearch#search', searchInformation: { totalResults: '0' } } });
    expect((await news('?lang=pt')).json()).toEqual({ papoNews: [] });
  });

  it('searches one source’s site for staff, and shows the saved selection on the home page', async () => {
    const picked = await t.app.inject({ url: '/api/newsPicker?source=g1&query=chuva', headers: staff.headers });
    expect(picked.statusCode).toBe(200);
    expect(picked.json().results).toHaveLength(3);
    expect(fake.calls[0]?.query.get('siteSearch')).toBe('g1.globo.com');
    expect(fake.calls[0]?.query.get('q')).toBe('chuva');
    const first = picked.json().results[0];
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/homeNews',
      headers: staff.headers,
      payload: {
        lang: 'pt',
        items: [
          { title: first.title, link: first.link, snippet: first.snippet, image: first.pagemap.cse_image[0].src },
        ],
      },
    });
    expect(saved.json()).toEqual({ message: 'home_news_saved', count: 1, revision: expect.any(Number) });
    fake.calls.length = 0;
    expect((await news('?lang=pt')).json().papoNews).toEqual([first]);
    expect(fake.calls).toHaveLength(0);
    expect((await news('?lang=en')).json().papoNews).toHaveLength(3);
  });

  it('reads the selection with its version for the picker and refuses a save from a stale picker with 412', async () => {
    const selection = async (lang: string) =>
      t.app.inject({ url: `/api/homeNews?lang=${lang}`, headers: staff.headers });
    const empty = await selection('fr');
    expect(empty.json()).toEqual({ lang: 'fr', items: [], revision: 0 });
    expect(empty.headers.etag).toBe('"r0"');
    const put = (items: { title: string; link: string }[], ifMatch: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/homeNews',
        headers: { ...staff.headers, 'if-match': ifMatch },
        payload: { lang: 'fr', items },
      });
    // Picker A and picker B both opened on the empty selection; A saves first, B's save is refused and writes nothing.
    const a = await put([{ title: 'Choix de A', link: 'https://example.com/a' }], '"r0"');
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().revision).toBeGreaterThan(0);
    expect(a.headers.etag).toBe(`"r${a.json().revision}"`);
    const b = await put([{ title: 'Choix de B', link: 'https://example.com/b' }], '"r0"');
    expect(b.statusCode).toBe(412);
    expect(b.json()).toEqual({ message: 'edit_conflict' });
    const now = await selection('fr');
    expect(now.json()).toMatchObject({ items: [{ title: 'Choix de A' }], revision: a.json().revision });
    // On top of the version read now, B's choice goes through; other languages are their own selections.
    expect(
      (await put([{ title: 'Choix de B', link: 'https://example.com/b' }], now.headers.etag ?? '')).statusCode,
    ).toBe(200);
    expect((await selection('es')).json().revision).toBe(0);
    expect((await t.app.inject({ url: '/api/homeNews?lang=xx', headers: staff.headers })).json().message).toBe(
      'validation_failed',
    );
    expect((await t.app.inject({ url: '/api/homeNews?lang=fr' })).statusCode).toBe(401);
    await t.app.db.deleteFrom('home_news').where('lang', '=', 'fr').execute();
  });

  it('refuses a saved item whose link or image is not absolute http(s), saving nothing', async () => {
    for (const item of [
      { title: 'x', link: 'javascript:alert(1)' },
      { title: 'x', link: '/relative' },
      { title: 'x', link: 'https://ok.example/a', image: 'data:image/png;base64,AA' },
      { title: '', link: 'https://ok.example/a' },
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: '/api/homeNews',
        headers: staff.headers,
        payload: { lang: 'pt', items: [item] },
      });
      expect(response.statusCode, JSON.stringify(item)).toBe(400);
      expect(response.json().message).toBe('validation_failed');
    }
    expect(await t.app.db.selectFrom('home_news').selectAll().execute()).toEqual([]);
    const badSource = await t.app.inject({ url: '/api/newsPicker?source=cnn&query=x', headers: staff.headers });
    expect(badSource.json().errors.source).toEqual(['news_source_unknown']);
  });

  it('makes one outside call for many concurrent requests', async () => {
    const gate = fake.hold();
    const pending = Array.from({ length: 10 }, () => news('?lang=pt'));
    await expect.poll(() => fake.calls.length).toBe(1);
    gate.release();
    const answers = await Promise.all(pending);
    expect(answers.every((a) => a.json().papoNews.length === 3)).toBe(true);
    expect(fake.calls).toHaveLength(1);
  });
});

describe('news provider when not configured', () => {
  it('serves local headlines in each language, linking to the site’s own pages by relative paths', async () => {
    const t = await buildTestApp();
    try {
      const pt = (await t.app.inject({ url: '/api/news' })).json().papoNews;
      const en = (await t.app.inject({ url: '/api/news?lang=en' })).json().papoNews;
      expect(pt.length).toBeGreaterThanOrEqual(5);
      expect(en).toHaveLength(pt.length);
      expect(pt[0].title).not.toBe(en[0].title);
      // relative, so they work at whatever address the site is reached (another port, an alias, http or https).
      const items = pt as { link: string; pagemap: { cse_image: { src: string }[] } }[];
      expect(
        items.every(
          (item) => /^\/[a-z]/i.test(item.link) && item.pagemap.cse_image.every(({ src }) => src.startsWith('/media/')),
        ),
      ).toBe(true);
      expect(items.map((item) => item.link)).toEqual(expect.arrayContaining(['/music', '/cryptos', '/lyrics']));
    } finally {
      await t.close();
    }
  });
});
