import type { Company } from '@papo/contract/company';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export async function findCompany(db: Kysely<Database>, id: number): Promise<Company | undefined> {
  return db
    .selectFrom('company')
    .select(['id', 'name', 'slogan', 'description', 'email', 'url'])
    .where('id', '=', id)
    .executeTakeFirst();
}
