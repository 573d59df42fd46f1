import type { SearchResponse } from '@papo/contract/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { articleFields, createArticle, deleteArticle } from '../articles/service.js';
import { articleDeps, publishArticle } from '../articles/test-support.js';
import { searchDocuments } from './service.js';
import { spellingDistance } from './vocabulary.js';

describeEachDialect('the did-you-mean vocabulary kept in memory', (dialect) => {
  let t: TestApp;
  const search = async (q: string) =>
    (await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json<SearchResponse>();
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await publishArticle(t.app, { title: 'Choro de Pixinguinha' });
  });
  afterAll(() => t.close());

  it('suggests a word written after the vocabulary was read, and stops suggesting a deleted one', async () => {
    expect(await search('sambha')).toMatchObject({ results: [], suggestion: null });
    const { id } = await publishArticle(t.app, { title: 'Samba de roda' });
    expect(await search('sambha')).toMatchObject({
      results: [{ title: 'Samba de roda' }],
      suggestion: 'samba',
      usedQuery: 'samba',
    });
    expect(await search('samb')).toMatchObject({ suggestion: null, results: [{ title: 'Samba de roda' }] });
    await deleteArticle(articleDeps(t.app), id);
    expect(await search('sambha')).toMatchObject({ results: [], suggestion: null });
    expect(await search('pixinguinah')).toMatchObject({ suggestion: 'pixinguinha', usedQuery: 'pixinguinha' });
  });

  it('reads the words a caller’s own transaction wrote, and nobody keeps them once it rolls back', async () => {
    const rollback = t.app.db.transaction().execute(async (trx) => {
      await createArticle(
        { ...articleDeps(t.app), db: trx },
        null,
        articleFields({ title: 'Maxixe', isPublished: true }),
      );
      expect(await searchDocuments(trx, dialect, ['article'], 'maxixi')).toMatchObject({ suggestion: 'maxixe' });
      throw new Error('rolled back');
    });
    await expect(rollback).rejects.toThrow('rolled back');
    expect(await search('maxixi')).toMatchObject({ results: [], suggestion: null });
  });
});

describe('the spelling distance of two folded words', () => {
  it('counts two swapped letters as one edit and sound-alike letters as half of one', () => {
    expect(spellingDistance('lisbao', 'lisboa', 2)).toBe(1);
    expect(spellingDistance('lisbao', 'limao', 2)).toBe(2);
    expect(spellingDistance('sapu', 'sapo', 1)).toBe(0.5);
    expect(spellingDistance('sapu', 'saiu', 1)).toBe(1);
    expect(spellingDistance('casa', 'casa', 1)).toBe(0);
    expect(spellingDistance('abcdef', 'uvwxyz', 2)).toBe(3);
  });
});
