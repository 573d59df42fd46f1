import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { pageInput, serverRenderedScreens, unknownPageUrl } from './entry-server';
import { companyRoutes } from '@papo/contract/browser-routes/company';
import { api } from './lib/api';
import { json } from './test/fake-api';

const webRoot = path.resolve(import.meta.dirname, '..');

describe("the server renderer loaded beside the browser's code", () => {
  it("leaves a call made outside a render to fetch (the web's test files share this module with the others)", async () => {
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api(companyRoutes.get, { params: { id: 1 } })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the screens the server renders', () => {
  it('name the files the route table loads, so their chunks are preloaded', () => {
    const routes = readFileSync(path.join(webRoot, 'src/app/routes/routes.tsx'), 'utf8');
    for (const [screen, file] of Object.entries(serverRenderedScreens)) {
      if (!file) continue;
      expect(routes, `${screen}: ${file}`).toContain(`import('../../${file.slice('src/'.length, -'.tsx'.length)}')`);
    }
  });
});

describe('what of a request changes its page', () => {
  it('is one address for every address no route has, per language and cookie choice', () => {
    for (const address of [
      '/x/y/z',
      '/blog/um-artigo/outra-coisa?utm_source=x',
      '/no/such/page/',
      `/a/${Math.random()}`,
    ]) {
      expect(pageInput(address, 'tracker=1'), address).toEqual({ url: unknownPageUrl, cookie: '', route: null });
      expect(pageInput(address, 'user-language=en; tracker=1'), address).toEqual({
        url: unknownPageUrl,
        cookie: 'user-language=en',
        route: null,
      });
    }
    // The catch-all route alone matches the address the unknown page is rendered at.
    expect(pageInput(unknownPageUrl, '')).toEqual({ url: unknownPageUrl, cookie: '', route: null });
  });

  it('is the address itself for the paths of the route table, their own slugs and letter case included', () => {
    for (const address of [
      '/',
      '/blog',
      '/blog/',
      '/blog/um-artigo',
      '/Lyrics/a-canoa-virou',
      '/barra',
      '/video/WhWc3b3KhnY',
      '/editor/3/preview',
      '/bioEdit/events',
    ]) {
      expect(pageInput(address, '').url, address).toBe(address);
    }
  });

  it('names the route of the address as React Router ranks them (a static path first, a slug variant by its slug)', () => {
    const routes = {
      '/': 'home',
      '/blog': 'blog',
      '/BLOG/': 'blog',
      '/blog/um-artigo': 'blogView',
      '/lyrics/12': 'lyricView',
      '/person/7': 'person',
      '/channels': 'channels',
      '/login': 'login',
      '/extraincome': 'extraIncome',
      '/barra': 'channel',
      '/nada-disso': 'channel',
      '/homeSamba': 'music',
      '/editor/3': 'editor_id',
      '/editor/3/preview': 'editor_preview',
      '/bioEdit/events': 'bioEditEvents',
      '/curso/voce-nao-e-um-lixo': 'courseLanding',
    };
    for (const [address, route] of Object.entries(routes)) expect(pageInput(address, '').route, address).toBe(route);
  });
});
