import type { SearchResponse } from '@papo/contract/search';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { createArticle, deleteArticle } from '../articles/service.js';
import { articleDeps, publishArticle } from '../articles/test-support.js';
import { searchDocuments } from './service.js';

describeEachDialect('the did-you-mean vocabulary kept in memory', (dialect) => {
  let t: TestApp;
  const search = async (q: string) => (await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })).json<SearchResponse>();
  beforeAll(async () => {
    t = await buildTestApp({ dialect });
    await publishArticle(t.app, { title: 'Choro de Pixinguinha' });
  });
  afterAll(() => t.close());

  it('suggests a word written after the vocabulary was read, and stops suggesting a deleted one', async () => {
    expect(await search('sambha')).toEqual({ results: [], suggestion: null });
    const { id } = await publishArticle(t.app, { title: 'Samba de roda' });
    expect(await search('sambha')).toEqual({ results: [], suggestion: 'samba' });
    expect(await search('samb')).toMatchObject({ suggestion: null, results: [{ title: 'Samba de roda' }] });
    await deleteArticle(articleDeps(t.app), id);
    expect(await search('sambha')).toEqual({ results: [], suggestion: null });
    expect(await search('pixinguinah')).toEqual({ results: [], suggestion: 'pixinguinha' });
  });

  it('reads the words a caller’s own transaction wrote, and nobody keeps them once it rolls back', async () => {
    const rollback = t.app.db.transaction().execute(async (trx) => {
      await createArticle({ ...articleDeps(t.app), db: trx }, null, { title: 'Maxixe', isPublished: true });
      expect(await searchDocuments(trx, dialect, ['article'], 'maxixi')).toMatchObject({ suggestion: 'maxixe' });
      throw new Error('rolled back');
    });
    await expect(rollback).rejects.toThrow('rolled back');
    expect(await search('maxixi')).toEqual({ results: [], suggestion: null });
  });
});
