import type { AnyDb } from './helpers.js';

/**
 * One cache for every outside service (YouTube, CoinGecko, news search…; decision 013): the last good
 * answer per key as JSON, and when it was fetched, so a provider can serve it while the service is down.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('provider_cache')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    // epoch milliseconds, compared with the provider's clock (a fake one in tests).
    .addColumn('fetched_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('provider_cache').execute();
}
