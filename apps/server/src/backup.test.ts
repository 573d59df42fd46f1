import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lastBackup } from './backup.js';
import { loadConfig } from './config.js';
import { openDatabase, type Dialect } from './db/database.js';
import { folderStorage } from './features/uploads/storage/local.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from './test/db.js';
import { runAdminCommand, UsageError } from './scripts/admin-commands.js';

const upload = (n: number) => ({
  key: `library/${n.toString(16).padStart(32, '0')}.png`,
  bytes: Buffer.from(`picture ${n} `.repeat(50 + n)),
});

/**
 * A site as `npm run admin` sees it through its environment: a database and a DATA_DIR with uploads. An empty site's
 * SQLite file does not exist yet: its database is opened once something has made it.
 */
async function site(dialect: Dialect, empty = false) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'papo-backup-site-'));
  let database = dialect === 'sqlite' && empty ? undefined : await createTestDatabase(dialect, { migrate: !empty });
  const env: Record<string, string> = database?.url
    ? { DATABASE_URL: database.url, DATA_DIR: dataDir }
    : { DATA_DIR: database?.sqliteFile ? path.dirname(database.sqliteFile) : dataDir };
  return {
    env,
    uploadsDir: path.join(env.DATA_DIR!, 'uploads'),
    get database(): TestDatabase {
      database ??= { ...openSqliteSite(path.join(dataDir, 'papo.sqlite')), destroy: async () => {} };
      return database;
    },
    /** The database again, on a new connection (a restore with --force replaces SQLite's file). */
    async reopened(): Promise<TestDatabase> {
      if (dialect !== 'sqlite') return this.database;
      await database?.handle.close();
      database = undefined;
      return this.database;
    },
    async destroy() {
      await database?.handle.close();
      await database?.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function openSqliteSite(sqliteFile: string): Omit<TestDatabase, 'destroy'> {
  return { handle: openDatabase({ sqliteFile }), dialect: 'sqlite', sqliteFile };
}

async function admin(args: string[], env: Record<string, string>): Promise<string> {
  return runAdminCommand(args, { env, password: async () => 'a long passphrase', progress: () => {} });
}

const usersOf = (database: TestDatabase) =>
  database.handle.db
    .selectFrom('users')
    .select(['id', 'username', 'email', 'roles', 'password_hash'])
    .orderBy('id')
    .execute();

describeEachDialect('npm run admin -- backup and restore', (dialect) => {
  let source: Awaited<ReturnType<typeof site>>;
  let folders: string;
  beforeAll(async () => {
    source = await site(dialect);
    folders = await mkdtemp(path.join(tmpdir(), 'papo-backups-'));
    for (const name of ['ana', 'bea', 'caio'])
      await admin(['create-user', '--username', name, '--email', `${name}@example.com`], source.env);
    const uploads = folderStorage(source.uploadsDir);
    for (let n = 0; n < 5; n++) await uploads.put(upload(n).key, upload(n).bytes, 'image/png');
    await uploads.close();
  });
  afterAll(async () => {
    await source.destroy();
    await rm(folders, { recursive: true, force: true });
  });

  const formats: [string, string[]][] =
    dialect === 'postgres'
      ? [
          ['pg_dump', []],
          ['tables', ['--logical']],
        ]
      : [['sqlite', []]];
  it.each(formats)(
    'backs up (%s) while members sign up, and restores the same rows and upload bytes into an empty site',
    async (format, flags) => {
      const dir = path.join(folders, format);
      // members keep signing up during the backup: it holds the rows of one moment, every earlier one included.
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing)
          await admin(
            [
              'create-user',
              '--username',
              `w${format.slice(0, 2)}${written}`,
              '--email',
              `w${format}${written++}@example.com`,
            ],
            source.env,
          );
      })();
      const before = await usersOf(source.database);
      const answer = await admin(['backup', '--to', dir, ...flags], source.env).finally(() => (writing = false));
      await writer;
      expect(answer).toBe(`backed up the ${dialect} database (${format}) and 5 uploads into ${dir}`);
      const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ papoBackup: 1, database: { dialect, format }, uploads: 5 });
      expect(manifest.migrations.length).toBeGreaterThan(20);
      expect(Object.keys(manifest.files)).toContain(`uploads/${upload(3).key}`);
      // The operations screen's last backup.
      expect(await lastBackup(loadConfig({ NODE_ENV: 'test', ...source.env }))).toEqual({
        at: manifest.createdAt,
        folder: dir,
        kind: 'backup',
      });

      const target = await site(dialect, true);
      try {
        expect(await admin(['restore', '--from', dir], target.env)).toMatch(
          /^restored the backup of .* \(5 uploads\) from /,
        );
        const restored = await usersOf(target.database);
        const after = await usersOf(source.database);
        expect(restored.slice(0, before.length)).toEqual(before);
        // A moment's rows: those of the source up to the last one restored, none missing in between.
        expect(restored).toEqual(after.slice(0, restored.length));
        const uploads = folderStorage(target.uploadsDir);
        for (let n = 0; n < 5; n++) expect((await uploads.get(upload(n).key))?.body.equals(upload(n).bytes)).toBe(true);
        await uploads.close();
        // The restored site goes on: a new member gets the next id.
        const nova = Number(
          /\(id (\d+)\)/.exec(
            await admin(['create-user', '--username', 'nova', '--email', 'nova@example.com'], target.env),
          )?.[1],
        );
        expect(nova).toBeGreaterThan(restored.at(-1)!.id);

        await expect(admin(['restore', '--from', dir], target.env)).rejects.toThrow(
          new UsageError(
            `${dialect === 'sqlite' ? `the database ${path.join(target.env.DATA_DIR!, 'papo.sqlite')}` : 'the database'} is not empty; restore into an empty one, or add --force to replace it`,
          ),
        );
        await admin(['restore', '--from', dir, '--force'], target.env);
        expect(await usersOf(await target.reopened())).toEqual(restored);
      } finally {
        await target.destroy();
      }
    },
    // Each run spawns the admin command a few dozen times (the writer beside the backup, then the restore).
    60_000,
  );

  it('refuses a damaged backup and a folder that is not empty', async () => {
    const dir = path.join(folders, 'damaged');
    await admin(['backup', '--to', dir], source.env);
    await writeFile(path.join(dir, 'uploads', upload(1).key), 'changed');
    await expect(admin(['restore', '--from', dir, '--force'], source.env)).rejects.toThrow(
      `uploads/${upload(1).key} in ${dir} is damaged (checksum differs); the backup cannot be restored`,
    );
    await expect(admin(['backup', '--to', dir], source.env)).rejects.toThrow(
      `${dir} is not empty; back up into a new folder`,
    );
  });
});
