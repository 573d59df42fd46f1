import type { Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { fullTextIndex } from './engine.js';
import type { SearchDocument } from './index-types.js';
import { indexText, tokenize } from './text.js';
import { addTerms, removeTerms } from './vocabulary.js';

type Trx = Transaction<Database>;

/**
 * Writes a document, its full-text entry and its vocabulary counts. Call it inside the transaction that
 * writes the thing itself, so the index never drifts from it (decision 010).
 */
export async function indexDocument(trx: Trx, dialect: Dialect, doc: SearchDocument): Promise<void> {
  const previous = await trx
    .selectFrom('search_documents')
    .select(['id', 'title', 'body'])
    .where('kind', '=', doc.kind)
    .where('ref_id', '=', doc.refId)
    .executeTakeFirst();
  const values = { slug: doc.slug, title: doc.title, cover: doc.cover, body: doc.body };
  let id: number;
  if (previous) {
    await removeTerms(trx, doc.kind, tokenize(`${previous.title} ${previous.body}`));
    await trx.updateTable('search_documents').set(values).where('id', '=', previous.id).execute();
    id = previous.id;
  } else {
    const row = await trx
      .insertInto('search_documents')
      .values({ kind: doc.kind, ref_id: doc.refId, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    id = row.id;
  }
  await fullTextIndex(dialect).write(trx, id, indexText(doc.title), indexText(doc.body));
  await addTerms(trx, doc.kind, tokenize(`${doc.title} ${doc.body}`));
}

/** Removes a document from the index and the vocabulary; nothing happens when it is not indexed. */
export async function removeDocument(trx: Trx, dialect: Dialect, kind: string, refId: number): Promise<void> {
  const previous = await trx
    .selectFrom('search_documents')
    .select(['id', 'title', 'body'])
    .where('kind', '=', kind)
    .where('ref_id', '=', refId)
    .executeTakeFirst();
  if (!previous) return;
  await fullTextIndex(dialect).drop(trx, previous.id);
  await trx.deleteFrom('search_documents').where('id', '=', previous.id).execute();
  await removeTerms(trx, kind, tokenize(`${previous.title} ${previous.body}`));
}
