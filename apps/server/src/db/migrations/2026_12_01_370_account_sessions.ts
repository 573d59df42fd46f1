import type { AnyDb } from './helpers.js';

/*
 * Signed-in devices a member can see and end (decision 037). A refresh-token family is one sign-in: `kind` says
 * whether it is a browser (`web`) or an IRC link (`irc`), `user_agent` names the browser, `last_seen_at` is when it
 * last renewed its token (null until it first does). A push subscription remembers the sign-in it was made from, so ending that
 * sign-in ends its pushes and nothing else.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('refresh_token_families')
    .addColumn('kind', 'text', (col) => col.notNull().defaultTo('web'))
    .execute();
  await db.schema.alterTable('refresh_token_families').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('refresh_token_families').addColumn('last_seen_at', 'text').execute();
  await db.schema.alterTable('push_subscriptions').addColumn('session_id', 'text').execute();
  await db.schema
    .createIndex('refresh_token_families_user_idx')
    .ifNotExists()
    .on('refresh_token_families')
    .column('user_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('refresh_token_families_user_idx').ifExists().execute();
  await db.schema.alterTable('push_subscriptions').dropColumn('session_id').execute();
  await db.schema.alterTable('refresh_token_families').dropColumn('last_seen_at').execute();
  await db.schema.alterTable('refresh_token_families').dropColumn('user_agent').execute();
  await db.schema.alterTable('refresh_token_families').dropColumn('kind').execute();
}
