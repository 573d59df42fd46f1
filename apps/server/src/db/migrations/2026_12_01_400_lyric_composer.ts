import type { AnyDb } from './helpers.js';

/*
 * A lyric's composer, as the song's credits name them: null when unknown, which the pages and the song's JSON-LD show
 * as "Domínio público" (the traditional songs). A column of the article rather than of its revisions: like the
 * category and the lyrics flag, it is a fact about the song, not part of the text a revision restores.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('articles').addColumn('composer', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('articles').dropColumn('composer').execute();
}
