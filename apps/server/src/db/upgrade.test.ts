import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { runAdminCommand } from '../scripts/admin-commands.js';
import { collect, spawnServer } from '../test/process.js';
import { openDatabase } from './database.js';
import { codeSchemaVersion, createMigrator, migrateToLatest, migrationPlan } from './migrate.js';

const sqliteOf = (dataDir: string) => openDatabase({ sqliteFile: path.join(dataDir, 'papo.sqlite') });

describe('upgrading and rolling back a SQLite site', () => {
  let root: string;
  /** A node started on `dataDir` (which migrates its database at start) and stopped again. */
  async function startAndStop(dataDir: string): Promise<void> {
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(root, 'no-web'),
        DEMO_CONTENT: '0',
      }),
      logger: false,
    });
    await app.close();
  }
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'papo-upgrade-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('saves the database before the pending migrations run, and that backup rolls the site back', async () => {
    const dataDir = path.join(root, 'upgrade');
    await mkdir(dataDir);
    // The site as the previous release left it: every migration but the newest, and a member.
    const previous = sqliteOf(dataDir);
    const all = (await createMigrator(previous.db).getMigrations()).map((migration) => migration.name);
    const [newest, lastOfPrevious] = [all.at(-1)!, all.at(-2)!];
    expect((await createMigrator(previous.db).migrateTo(lastOfPrevious)).error).toBeUndefined();
    await sql`insert into users (name, username, username_lower, email, email_lower) values ('Ana', 'ana', 'ana', 'ana@example.com', 'ana@example.com')`.execute(
      previous.db,
    );
    await previous.close();

    await startAndStop(dataDir);

    const backups = await readdir(path.join(dataDir, 'backups'));
    expect(backups).toEqual([expect.stringMatching(new RegExp(`^\\d{8}T\\d{6}Z-before-${newest}$`))]);
    const backupDir = path.join(dataDir, 'backups', backups[0]!);
    const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8')) as {
      migrations: string[];
    };
    expect(manifest.migrations).toEqual(all.slice(0, -1));

    // The rollback the refusal names: the backup restored over the migrated database.
    await runAdminCommand(['restore', '--from', backupDir, '--force'], {
      env: { DATA_DIR: dataDir },
      password: async () => '',
      progress: () => {},
    });
    const restored = sqliteOf(dataDir);
    try {
      expect((await migrationPlan(restored.db)).pending).toEqual([newest]);
      expect((await sql<{ username: string }>`select username from users`.execute(restored.db)).rows).toEqual([
        { username: 'ana' },
      ]);
    } finally {
      await restored.close();
    }
  });

  it('a new database is migrated without a backup', async () => {
    const dataDir = path.join(root, 'fresh');
    await startAndStop(dataDir);
    expect(await readdir(path.join(dataDir, 'backups')).catch(() => [])).toEqual([]);
  });

  it('an older Papo against a newer database exits 1 with one line naming both versions and the rollback', async () => {
    const dataDir = path.join(root, 'newer');
    await mkdir(path.join(dataDir, 'backups', `20991231T000000Z-before-2099_01_01_000_future`), { recursive: true });
    const newer = sqliteOf(dataDir);
    await migrateToLatest(newer.db);
    // What a newer release leaves: a migration this code has never heard of.
    await sql`insert into kysely_migration (name, timestamp) values ('2099_01_01_000_future', ${new Date().toISOString()})`.execute(
      newer.db,
    );
    await newer.close();

    const result = await collect(spawnServer({ DATA_DIR: dataDir, JWT_SECRET: 's'.repeat(40), DEMO_CONTENT: '0' }));
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`schema (2099_01_01_000_future) is newer than this Papo's (${codeSchemaVersion})`);
    expect(lines[0]).toContain(
      `npm run admin -- restore --from ${path.join(dataDir, 'backups', '20991231T000000Z-before-2099_01_01_000_future')} --force`,
    );
    expect(result.stderr).not.toMatch(/corrupted/);
  });
});
