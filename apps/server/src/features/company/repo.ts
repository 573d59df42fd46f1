import type { Company } from '@papo/contract/company';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type CompanyFields = Partial<Omit<Company, 'id'>>;

export async function findCompany(db: Kysely<Database>, id: number): Promise<Company | undefined> {
  return db
    .selectFrom('company')
    .select(['id', 'name', 'slogan', 'description', 'email', 'url'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Changes the given fields; false when there is no such record. */
export async function updateCompany(db: Kysely<Database>, id: number, fields: CompanyFields): Promise<boolean> {
  const result = await db.updateTable('company').set(fields).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The brand shown in page titles and previews: the company record's name (the seed writes one). */
export async function findBrandName(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('company').select('name').orderBy('id').limit(1).executeTakeFirst();
  return row?.name;
}

/** What the site is, in a sentence, for feeds: the company record's description, else its slogan. */
export async function findSiteDescription(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('company')
    .select(['description', 'slogan'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.description?.trim() || row?.slogan?.trim() || undefined;
}
