import { Migrator, type Migration } from 'kysely';
import type { AnyDb } from './migrations/helpers.js';
import * as init from './migrations/2026_11_21_000_init.js';
import * as accounts from './migrations/2026_11_21_100_accounts.js';
import * as profile from './migrations/2026_11_21_200_profile.js';
import * as contact from './migrations/2026_11_21_300_contact.js';
import * as chat from './migrations/2026_11_21_400_chat.js';
import * as conversations from './migrations/2026_11_21_500_conversations.js';
import * as channelLimits from './migrations/2026_11_24_100_channel_limits.js';
import * as faults from './migrations/2026_11_24_200_faults.js';
import * as articles from './migrations/2026_11_24_400_articles.js';
import * as providerCache from './migrations/2026_11_24_500_provider_cache.js';
import * as backOffice from './migrations/2026_11_24_600_back_office.js';
import * as stores from './migrations/2026_11_24_700_stores.js';
import * as homeBio from './migrations/2026_11_24_800_home_bio.js';
import * as searchVersion from './migrations/2026_11_25_500_search_version.js';
import * as articleVersion from './migrations/2026_11_26_300_article_version.js';
import * as channelVersion from './migrations/2026_11_27_500_channel_version.js';
import * as articleRevisions from './migrations/2026_11_28_200_article_revisions.js';
import * as articlePreviewLinks from './migrations/2026_11_28_210_article_preview_links.js';
import * as slugRedirects from './migrations/2026_11_28_220_slug_redirects.js';
import * as pushSubscriptions from './migrations/2026_11_28_400_push_subscriptions.js';
import * as lastChanged from './migrations/2026_11_29_100_last_changed.js';
import * as recordRevisions from './migrations/2026_11_29_200_record_revisions.js';
import * as versionNotifications from './migrations/2026_11_30_100_version_notifications.js';
import * as storeDrafts from './migrations/2026_11_30_200_store_drafts.js';
import * as notificationActor from './migrations/2026_12_01_300_notification_actor.js';
import * as openChannels from './migrations/2026_12_01_350_open_channels.js';
import * as accountSessions from './migrations/2026_12_01_370_account_sessions.js';
import * as accountExports from './migrations/2026_12_01_390_account_exports.js';
import * as lyricComposer from './migrations/2026_12_01_400_lyric_composer.js';
import * as searchTitleVector from './migrations/2026_12_01_410_search_title_vector.js';

/*
 * A static list rather than a folder scan: it works the same under tsx, vitest and any bundler,
 * and a migration cannot be skipped because a file failed to load. Names sort in the order they run.
 */
const migrations: Record<string, Migration> = {
  '2026_11_21_000_init': init,
  '2026_11_21_100_accounts': accounts,
  '2026_11_21_200_profile': profile,
  '2026_11_21_300_contact': contact,
  '2026_11_21_400_chat': chat,
  '2026_11_21_500_conversations': conversations,
  '2026_11_24_100_channel_limits': channelLimits,
  '2026_11_24_200_faults': faults,
  '2026_11_24_400_articles': articles,
  '2026_11_24_500_provider_cache': providerCache,
  '2026_11_24_600_back_office': backOffice,
  '2026_11_24_700_stores': stores,
  '2026_11_24_800_home_bio': homeBio,
  '2026_11_25_500_search_version': searchVersion,
  '2026_11_26_300_article_version': articleVersion,
  '2026_11_27_500_channel_version': channelVersion,
  '2026_11_28_200_article_revisions': articleRevisions,
  '2026_11_28_210_article_preview_links': articlePreviewLinks,
  '2026_11_28_220_slug_redirects': slugRedirects,
  '2026_11_28_400_push_subscriptions': pushSubscriptions,
  '2026_11_29_100_last_changed': lastChanged,
  '2026_11_29_200_record_revisions': recordRevisions,
  '2026_11_30_100_version_notifications': versionNotifications,
  '2026_11_30_200_store_drafts': storeDrafts,
  '2026_12_01_300_notification_actor': notificationActor,
  '2026_12_01_350_open_channels': openChannels,
  '2026_12_01_370_account_sessions': accountSessions,
  '2026_12_01_390_account_exports': accountExports,
  '2026_12_01_400_lyric_composer': lyricComposer,
  '2026_12_01_410_search_title_vector': searchTitleVector,
};

export function createMigrator(db: AnyDb): Migrator {
  // features land from parallel branches, so a database may have applied a later-named migration before
  // an earlier-named one arrived; each migration touches only its own tables, so running the late one is safe.
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
}

const known = Object.keys(migrations).sort();

/** The newest migration this code has: the schema version it brings a database to. */
export const codeSchemaVersion = known.at(-1) ?? '';

/**
 * The database was migrated by a newer Papo: it has migrations this code does not. Migrating (or running) against it
 * would be guessing, so the node stops with this one line; `rollback` says how to get back to a schema this code has.
 */
class DatabaseNewerThanCode extends Error {
  constructor(
    readonly databaseVersion: string,
    readonly unknown: string[],
    rollback: string,
  ) {
    super(
      `The database's schema (${databaseVersion}) is newer than this Papo's (${codeSchemaVersion}); run the newer Papo, or roll back: ${rollback}`,
    );
  }
}

export interface MigrationPlan {
  applied: string[];
  pending: string[];
  /** Migrations the database has and this code does not (a newer Papo ran them). */
  unknown: string[];
}

/** What the database has applied, read from Kysely's own table (none yet on a new database). */
export async function migrationPlan(db: AnyDb): Promise<MigrationPlan> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const hasTable = tables.some((table) => table.name === 'kysely_migration');
  const rows: { name: string }[] = hasTable ? await db.selectFrom('kysely_migration').select('name').execute() : [];
  const applied = rows.map((row) => row.name).sort();
  const done = new Set(applied);
  return {
    applied,
    pending: known.filter((name) => !done.has(name)),
    unknown: applied.filter((name) => !(name in migrations)),
  };
}

export interface MigrateOptions {
  /** Runs once the plan is known and before the first pending migration (the automatic backup before an upgrade). */
  beforeMigrating?(plan: MigrationPlan): Promise<void>;
  /** How this site rolls back to the schema this code has, for the message of a database that is newer. */
  rollback?(unknown: string[]): Promise<string>;
}

const defaultRollback = async () =>
  'restore the backup taken before the upgrade (npm run admin -- restore --from DIR --force)';

/**
 * Brings the schema up to date; throws the first failure with the migration's name, or DatabaseNewerThanCode (before
 * touching anything) when the database has migrations this code does not know.
 */
export async function migrateToLatest(db: AnyDb, opts: MigrateOptions = {}): Promise<string[]> {
  const plan = await migrationPlan(db);
  if (plan.unknown.length) {
    throw new DatabaseNewerThanCode(
      plan.applied.at(-1) ?? '',
      plan.unknown,
      await (opts.rollback ?? defaultRollback)(plan.unknown),
    );
  }
  if (!plan.pending.length) return [];
  await opts.beforeMigrating?.(plan);
  const { error, results = [] } = await createMigrator(db).migrateToLatest();
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return results.map((r) => r.migrationName);
}
