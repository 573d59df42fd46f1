import { createdAt, withId, type AnyDb } from './helpers.js';

/*
 * Account lifecycle: e-mailed verification codes, rotating refresh tokens grouped in families,
 * password-reset tokens and the per-account login lockout. Every secret is stored as its sha256, never as sent.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('verification_codes')
    .$call(withId(db))
    // unique, so issuing a new code replaces the old one and only one code per account is ever live.
    .addColumn('user_id', 'integer', (col) => col.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', createdAt(db))
    .execute();

  await db.schema
    .createTable('refresh_token_families')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema
    .createIndex('refresh_token_families_user_idx')
    .on('refresh_token_families')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .$call(withId(db))
    .addColumn('family_id', 'text', (col) => col.notNull().references('refresh_token_families.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .$call(withId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', createdAt(db))
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').column('user_id').execute();

  await db.schema
    .createTable('login_failures')
    .$call(withId(db))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failed_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_user_idx')
    .on('login_failures')
    .columns(['user_id', 'failed_at'])
    .execute();

  await db.schema
    .createTable('account_lockouts')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('locked_until', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('account_lockouts').execute();
  await db.schema.dropTable('login_failures').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('refresh_tokens').execute();
  await db.schema.dropTable('refresh_token_families').execute();
  await db.schema.dropTable('verification_codes').execute();
}
