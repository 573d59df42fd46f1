import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './support/suite.js';

// The site as a crawler sees it: the server's HTML only, no script run. Crawled from `/`, every public section
// is one link away, every internal link is a relative path, every address in the sitemap answers 200 with an h1 of the
// server's, an unknown address is the 404 page, and one page of each type is valid HTML.
const suite = useBrowserSuite({ serverEnv: { DEMO_CONTENT: '1' }, readOnly: true });

const sections = [
  '/blog',
  '/lyrics',
  '/shop',
  '/courses',
  '/videos',
  '/extraIncome',
  '/photos',
  '/bio',
  '/music',
  '/cryptos',
  '/channels',
];

async function get(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(suite.server.url + path, { headers: { accept: 'text/html' }, redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

/** The page's markup outside its inline styles and scripts (the handover's JSON holds text that looks like markup). */
function markup(html: string): string {
  return html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, '');
}

function links(html: string): string[] {
  return [...markup(html).matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
}

function h1(html: string): string | null {
  return (
    /<h1\b[^>]*>([\s\S]*?)<\/h1>/
      .exec(markup(html))?.[1]
      ?.replace(/<[^>]+>/g, '')
      .trim() || null
  );
}

/** Links to this site: relative paths. Anything naming a host must be another site's. */
function expectRelativeInternalLinks(path: string, html: string) {
  const host = new URL(suite.server.url).host;
  for (const href of links(html)) {
    if (/^(mailto:|tel:|#)/.test(href)) continue;
    if (href.startsWith('/')) {
      expect(href.startsWith('//'), `${path} links ${href}`).toBe(false);
      continue;
    }
    const url = new URL(href);
    expect(url.host, `${path} links ${href} absolutely`).not.toBe(host);
    expect(['localhost', '127.0.0.1'].includes(url.hostname), `${path} links ${href} absolutely`).toBe(false);
  }
}

describe('the site as a crawler finds it', () => {
  it('from /: every section one link away, relative internal links, each linked page rendered with an h1', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    const fromHome = new Set(links(home.html));
    for (const section of sections) expect(fromHome.has(section), `/ links ${section}`).toBe(true);
    expectRelativeInternalLinks('/', home.html);
    const internal = [...fromHome].filter((href) => href.startsWith('/') && !href.startsWith('//'));
    for (const href of internal) {
      const page = await get(href);
      expect([200, 301], href).toContain(page.status);
      if (page.status !== 200) continue;
      expect(h1(page.html), `${href} has an h1`).toBeTruthy();
      expectRelativeInternalLinks(href, page.html);
      // Every page reached links every section again (header and footer), so each stays one click away.
      const reached = new Set(links(page.html));
      if (page.html.includes('<footer'))
        for (const section of sections) expect(reached.has(section), `${href} links ${section}`).toBe(true);
    }
  });

  it("every address in the sitemap answers 200 with the server's h1, and unknown addresses 404", async () => {
    const sitemap = await (await fetch(`${suite.server.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    for (const kind of ['/blog/', '/lyrics/', '/shop/', '/courses/', '/video/'])
      expect(
        locs.some((loc) => loc.startsWith(kind)),
        `sitemap has ${kind}`,
      ).toBe(true);
    for (const path of locs) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(h1(page.html), `${path} has an h1`).toBeTruthy();
      expect(page.html, path).toContain('papo-handover');
    }
    for (const path of ['/nada-por-aqui', '/blog/nada-por-aqui', '/x/y/z']) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.html, path).toContain('data-testid="not-found"');
    }
  });

  it('serves one page of each type as valid HTML (html-validate, standard rules)', async () => {
    const first = async (list: string, pattern: RegExp) => pattern.exec((await get(list)).html)?.[1] ?? '';
    const pages = [
      '/',
      '/blog',
      await first('/blog', /href="(\/blog\/[a-z0-9-]+)"/),
      '/lyrics',
      await first('/lyrics', /href="(\/lyrics\/[a-z0-9-]+)"/),
      '/shop',
      await first('/shop', /href="(\/shop\/[a-z0-9-]+)"/),
      '/courses',
      await first('/courses', /href="(\/courses\/[a-z0-9-]+)"/),
      '/videos',
      await first('/videos', /href="(\/video\/[\w-]+)"/),
      '/extraIncome',
      '/photos',
      '/music',
      '/cryptos',
      '/channels',
      '/barra',
      '/bio',
      '/sobre-nos',
      '/termos-de-uso',
      '/contato',
      '/login',
      '/register',
      '/nada-por-aqui',
    ];
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
    const problems: string[] = [];
    for (const path of pages) {
      expect(path, 'a page of each type').not.toBe('');
      const { html } = await get(path);
      const report = await validator.validateString(html, path);
      for (const result of report.results) {
        for (const message of result.messages)
          if (message.severity === 2)
            problems.push(`${path}: ${message.ruleId} ${message.message} (${message.selector ?? ''})`);
      }
    }
    expect(problems).toEqual([]);
  });
});
