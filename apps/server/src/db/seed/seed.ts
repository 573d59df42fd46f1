import { channelCategories, channelCategoryOrder } from '@papo/contract/channels';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import type { Database } from '../schema.js';

/** Brand shown in page titles and footers until staff edit the company record. */
export const defaultCompany = {
  name: 'Papo',
  slogan: 'Bate-papo em tempo real, sem cadastro complicado.',
  description: 'Canais de bate-papo ao estilo IRC, conversas privadas, blog, letras de músicas e muito mais.',
} as const;

// any constant works; it only has to be the same on every node so two nodes starting together seed once.
const seedLockKey = 4_202_611;

/**
 * Writes the company record and the public channels into an empty database. Skipped when the company
 * row exists; channels are inserted with ON CONFLICT DO NOTHING, so a repeat never duplicates them.
 * Returns whether anything was written.
 */
export async function seedDatabase(
  db: Kysely<Database>,
  opts: { dialect: Dialect; publicUrl: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (opts.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${seedLockKey})`.execute(trx);
    const existing = await trx.selectFrom('company').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    const host = new URL(opts.publicUrl).hostname;
    await trx
      .insertInto('company')
      .values({ ...defaultCompany, email: `contato@${host}`, url: opts.publicUrl })
      .execute();
    const channels = channelCategoryOrder.flatMap((category) =>
      channelCategories[category].map((name) => ({ name, category })),
    );
    await trx
      .insertInto('channels')
      .values(channels)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return true;
  });
}
