import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LyricsSearchResponse, SearchResponse } from '@papo/contract/search';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { articleFields, deleteArticle, updateArticle } from '../articles/service.js';
import { articleDeps, publishArticle } from '../articles/test-support.js';
import { snippetOf, tokenize } from './text.js';

describe('search text', () => {
  it('folds accents and case and splits on anything that is not a letter or digit', () => {
    expect(tokenize('Coração, "NEAR" (São-João)* -x').map((t) => t.term)).toEqual([
      'coracao',
      'near',
      'sao',
      'joao',
      'x',
    ]);
    expect(tokenize('Coração')[0]?.word).toBe('coração');
  });

  it('cuts a snippet around the first match', () => {
    const body = `${'palavra '.repeat(40)}aqui está o coração da questão ${'fim '.repeat(40)}`;
    const snippet = snippetOf(body, ['coracao']);
    expect(snippet).toContain('coração da questão');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThan(200);
  });
});

describeEachDialect('search', (dialect) => {
  let t: TestApp;
  const search = async (q: string) => {
    const [text, exact] = q.split('&exact=');
    const response = await t.app.inject({
      url: `/api/search?q=${encodeURIComponent(text ?? '')}${exact ? `&exact=${exact}` : ''}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<SearchResponse>();
  };
  const searchLyrics = async (q: string) => {
    const [text, exact] = q.split('&exact=');
    const response = await t.app.inject({
      url: `/api/search_lyrics?q=${encodeURIComponent(text ?? '')}${exact ? `&exact=${exact}` : ''}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json<LyricsSearchResponse>();
  };
  const slugs = (response: SearchResponse) => response.results.map((r) => r.slug);

  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await publishArticle(t.app, { title: 'Coração de estudante', content: '<p>Uma canção sobre juventude.</p>' });
    await publishArticle(t.app, {
      title: 'Notas de viagem',
      content: '<p>Em Lisboa o coracao bate mais forte, lisboa lisboa.</p>',
    });
    await publishArticle(t.app, {
      title: 'Receitas do sul',
      content: `<p>${'Lisboa tem um coração antigo. '.repeat(6)}</p>`,
    });
    await publishArticle(t.app, { title: 'Lisboa à noite', content: '<p>Fado e luzes.</p>' });
    await publishArticle(t.app, { title: 'Rascunho secreto', content: '<p>Segredo guardado</p>', isPublished: false });
    await publishArticle(t.app, {
      title: 'Ciranda cirandinha',
      content: '<p>Vamos todos cirandar</p>',
      isLyrics: true,
    });
    await publishArticle(t.app, {
      title: 'Atirei o pau no gato',
      content: '<p>Mas o gato não morreu</p>',
      isLyrics: true,
    });
  });
  afterAll(() => t?.close());

  it('folds accents both ways: coração finds coracao and coracao finds coração', async () => {
    expect(slugs(await search('coração'))).toEqual(expect.arrayContaining(['coracao-de-estudante', 'notas-de-viagem']));
    expect(slugs(await search('CORACAO'))).toEqual(expect.arrayContaining(['coracao-de-estudante', 'notas-de-viagem']));
  });

  it('ranks title matches above body matches', async () => {
    const results = slugs(await search('lisboa'));
    expect(results[0]).toBe('lisboa-a-noite');
    expect(results).toHaveLength(3);
  });

  it('matches the last word as a prefix while the user types', async () => {
    expect(slugs(await search('estud'))).toEqual(['coracao-de-estudante']);
    expect(slugs(await search('coração estud'))).toEqual(['coracao-de-estudante']);
    expect((await search('estud coração')).results).toEqual([]);
  });

  it('answers article results with a link slug, a type and a snippet', async () => {
    const [result] = (await search('juventude')).results;
    expect(result).toMatchObject({ type: 'article', slug: 'coracao-de-estudante', title: 'Coração de estudante' });
    expect(result?.shortContent).toContain('juventude');
  });

  it('keeps lyrics out of the blog search and articles out of the lyrics search', async () => {
    expect((await search('ciranda')).results).toEqual([]);
    expect((await searchLyrics('lisboa')).results).toEqual([]);
    expect((await searchLyrics('ciranda')).results.map((r) => r.type)).toEqual(['lyric']);
  });

  it('answers a correction of a misspelled word that finds more, with its results, as both searches do', async () => {
    expect(await search('lisbao')).toMatchObject({ suggestion: 'lisboa', usedQuery: 'lisboa' });
    expect(slugs(await search('lisbao'))).toContain('lisboa-a-noite');
    expect(slugs(await search('estudnate'))).toEqual(['coracao-de-estudante']);
    expect(await search('lisbao&exact=1')).toEqual({ results: [], suggestion: 'lisboa', usedQuery: 'lisbao' });
    expect((await search('coração')).suggestion).toBeNull();
    expect(await search('xyzzyplugh')).toMatchObject({ results: [], suggestion: null });
  });

  it('answers the suggestion’s lyrics with usedQuery when the query finds nothing', async () => {
    const response = await searchLyrics('cirandihna');
    expect(response.usedQuery).toBe('cirandinha');
    expect(response.suggestion).toBe('cirandinha');
    expect(response.results.map((r) => r.slug)).toEqual(['ciranda-cirandinha']);
    expect(await searchLyrics('cirandihna&exact=1')).toEqual({
      results: [],
      suggestion: 'cirandinha',
      usedQuery: 'cirandihna',
    });
    const exact = await searchLyrics('gato');
    expect(exact).toMatchObject({ usedQuery: 'gato', suggestion: null });
    expect(exact.results).toHaveLength(1);
  });

  it('treats FTS syntax as text, never as an operator or an error', async () => {
    for (const q of [
      '"lisboa',
      'lisboa*',
      'NEAR(lisboa fado)',
      '-lisboa',
      '(lisboa',
      'lisboa OR fado',
      'lisboa AND',
      '*',
      '"',
      "l'isboa",
      'lisboa:*',
      '!fado & |',
      'title:lisboa',
      '^lisboa',
    ]) {
      const response = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
      expect(response.statusCode, q).toBe(200);
    }
    expect(slugs(await search('NEAR(fado luzes)'))).toEqual([]);
    expect(slugs(await search('(fado) "luzes"'))).toEqual(['lisboa-a-noite']);
    expect(slugs(await search('-fado'))).toEqual(['lisboa-a-noite']);
    expect(await search('*"()-')).toMatchObject({ results: [], suggestion: null });
  });

  it('bounds the query: 1–100 characters after trimming', async () => {
    const cases: [string, string][] = [
      ['', 'search_query_required'],
      ['   ', 'search_query_required'],
      ['a'.repeat(101), 'search_query_too_long'],
    ];
    for (const [q, key] of cases) {
      const response = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.q).toEqual([key]);
    }
    expect((await t.app.inject({ url: '/api/search_lyrics' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: `/api/search?q=${encodeURIComponent(` ${'a'.repeat(100)} `)}` })).statusCode,
    ).toBe(200);
  });

  it('never finds unpublished articles, nor suggests their words', async () => {
    expect(await search('segredo')).toMatchObject({ results: [], suggestion: null });
    expect((await search('rascunho')).results).toEqual([]);
  });

  it('follows updates, publication changes and deletes', async () => {
    const deps = articleDeps(t.app);
    const { id } = await publishArticle(t.app, { title: 'Maracatu atômico', content: '<p>Batuque</p>' });
    expect(slugs(await search('maracatu'))).toEqual(['maracatu-atomico']);

    await updateArticle(
      deps,
      id,
      articleFields({ title: 'Frevo elétrico', content: '<p>Passo</p>', isPublished: true }),
    );
    expect((await search('maracatu')).results).toEqual([]);
    expect(await search('maracatu')).toMatchObject({ results: [], suggestion: null });
    expect(slugs(await search('eletrico'))).toEqual(['maracatu-atomico']);

    await updateArticle(
      deps,
      id,
      articleFields({
        title: 'Frevo elétrico',
        content: '<p>Passo</p>',
        isPublished: true,
        isLyrics: true,
      }),
    );
    expect((await search('frevo')).results).toEqual([]);
    expect((await searchLyrics('frevo')).results.map((r) => r.id)).toEqual([id]);

    await updateArticle(
      deps,
      id,
      articleFields({
        title: 'Frevo elétrico',
        content: '<p>Passo</p>',
        isPublished: false,
        isLyrics: true,
      }),
    );
    expect((await searchLyrics('frevo')).results).toEqual([]);

    await updateArticle(
      deps,
      id,
      articleFields({ title: 'Frevo elétrico', content: '<p>Passo</p>', isPublished: true }),
    );
    expect(slugs(await search('frevo'))).toEqual(['maracatu-atomico']);
    await deleteArticle(deps, id);
    expect(await search('frevo')).toMatchObject({ results: [], suggestion: null });
    expect(await search('frevp')).toMatchObject({ results: [], suggestion: null });
  });
});
