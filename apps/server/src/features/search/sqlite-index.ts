import { sql } from 'kysely';
import type { FullTextIndex, TermQuery } from './index-types.js';

/*
 * SQLite: an FTS5 table (`unicode61 remove_diacritics 2`) whose rowid is the search_documents id.
 * Every term is quoted, so FTS5 reads it as a string and never as an operator.
 */

function matchExpression({ terms }: TermQuery, inTitle: boolean): string {
  const words = terms.map((term, i) => `"${term}"${i === terms.length - 1 ? '*' : ''}`).join(' ');
  return inTitle ? `title : (${words})` : words;
}

export const sqliteIndex: FullTextIndex = {
  async write(trx, id, title, body) {
    await sql`delete from search_fts where rowid = ${id}`.execute(trx);
    await sql`insert into search_fts (rowid, title, body) values (${id}, ${title}, ${body})`.execute(trx);
  },

  async drop(trx, id) {
    await sql`delete from search_fts where rowid = ${id}`.execute(trx);
  },

  async matches(db, query, { inTitle, limit }) {
    // FTS5 walks its index in rowid order, so `order by rowid desc limit n` stops after n matches.
    const { rows } = await sql<{
      kind: string;
      ref_id: number;
      slug: string;
      title: string;
      cover: string | null;
      body: string;
    }>`
      select d.kind, d.ref_id, d.slug, d.title, d.cover, d.body
      from search_fts f join search_documents d on d.id = f.rowid
      where search_fts match ${matchExpression(query, inTitle)} and d.kind in (${sql.join(query.kinds)})
      order by f.rowid desc
      limit ${limit}`.execute(db);
    return rows.map((r) => ({
      kind: r.kind,
      refId: r.ref_id,
      slug: r.slug,
      title: r.title,
      cover: r.cover,
      body: r.body,
    }));
  },
};
