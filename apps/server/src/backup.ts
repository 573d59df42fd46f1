import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile, copyFile } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { isRecord } from '@papo/contract/records';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { createMigrator, migrateToLatest, type MigrateOptions } from './db/migrate.js';
import type { Database } from './db/schema.js';
import { openUploadStorage } from './features/uploads/index.js';
import { copyUploads } from './features/uploads/storage/copy.js';
import { folderStorage } from './features/uploads/storage/local.js';

/*
 * A backup is a folder: the database (SQLite's own file made by its online backup API, PostgreSQL's `pg_dump` custom
 * archive, or one JSON-lines file per table where pg_dump is missing or refused), the uploads as files, and
 * manifest.json with the migrations the database has and every file's SHA-256. A restore checks every checksum first.
 */

const manifestName = 'manifest.json';
const sqliteName = 'papo.sqlite';
const pgDumpName = 'database.pgdump';
const tablesFolder = 'tables';
const uploadsFolder = 'uploads';
// Kysely's own bookkeeping is written by the migrations a restore runs, never copied.
const migrationTables = new Set(['kysely_migration', 'kysely_migration_lock']);

type DatabaseFormat = Manifest['database']['format'];

const manifestSchema = z.object({
  papoBackup: z.literal(1),
  createdAt: z.string(),
  node: z.string(),
  database: z.object({ dialect: z.enum(['sqlite', 'postgres']), format: z.enum(['sqlite', 'pg_dump', 'tables']) }),
  /** The migrations the database had: a Papo that lacks one of them cannot restore it. */
  migrations: z.array(z.string()),
  uploads: z.number(),
  /** SHA-256 of every file of the backup but this manifest, by path relative to the folder. */
  files: z.record(z.string(), z.string()),
});

type Manifest = z.infer<typeof manifestSchema>;

/** A problem the operator can fix (a target not empty, a damaged backup): one line, no stack. */
export class BackupProblem extends Error {}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest('hex');
}

async function filesUnder(root: string, folder = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, folder), { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries) {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(root, relative)));
    else if (relative !== manifestName) found.push(relative);
  }
  return found.sort();
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupProblem(`${command} failed (exit ${code}): ${stderr.trim().split('\n')[0] ?? ''}`)),
    );
  });
}

async function pgDumpInstalled(): Promise<boolean> {
  return run('pg_dump', ['--version']).then(
    () => true,
    () => false,
  );
}

async function appliedMigrations(db: Kysely<Database>): Promise<string[]> {
  return (await createMigrator(db).getMigrations())
    .filter((migration) => migration.executedAt)
    .map((migration) => migration.name);
}

/** The tables of the public schema, without Kysely's bookkeeping, in no particular order. */
export async function postgresTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(
    db,
  );
  return rows.map((row) => row.name).filter((name) => !migrationTables.has(name));
}

/** Columns a row is written with: generated ones are the database's to compute. */
export async function writableColumns(db: Kysely<Database>, table: string): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

async function exportTables(db: Kysely<Database>, folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  // one repeatable-read transaction: every table as of the same moment, while the site keeps writing.
  await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      for (const table of await postgresTables(tx)) {
        const columns = await writableColumns(tx, table);
        const { rows } = await sql<
          Record<string, unknown>
        >`select ${sql.join(columns.map((column) => sql.ref(column)))} from ${sql.table(table)}`.execute(tx);
        await writeFile(path.join(folder, `${table}.jsonl`), rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
      }
    });
}

async function importTables(db: Kysely<Database>, folder: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // rows arrive table by table in no order their foreign keys would accept: checks are off for this
    // transaction only (the rows were consistent when exported). Needs a superuser or the database's owner.
    await sql`set local session_replication_role = replica`.execute(tx);
    const files = await readdir(folder);
    // the migrations that made the schema also put in their own rows (categories…); the backup's replace them.
    const tables = files.map((file) => sql.table(file.replace(/\.jsonl$/, '')));
    if (tables.length) await sql`truncate ${sql.join(tables)}`.execute(tx);
    for (const file of files) {
      const table = file.replace(/\.jsonl$/, '');
      const lines = (await readFile(path.join(folder, file), 'utf8')).split('\n').filter(Boolean);
      const rows = lines.map((line): unknown => JSON.parse(line)).filter(isRecord);
      for (let start = 0; start < rows.length; start += 500) {
        const batch = rows.slice(start, start + 500);
        const columns = Object.keys(batch[0] ?? {});
        if (!columns.length) continue;
        const values = batch.map((row) => sql`(${sql.join(columns.map((column) => jsonValue(row[column])))})`);
        await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(values)}`.execute(
          tx,
        );
      }
      await continueSequence(tx, table);
    }
  });
}

/** A serial id's sequence continues after the rows written into `table` with their ids. */
export async function continueSequence(db: Kysely<Database>, table: string): Promise<void> {
  const { rows: serial } = await sql<{
    sequence: string | null;
  }>`select pg_get_serial_sequence(${table}, 'id') as sequence from information_schema.columns where table_schema = 'public' and table_name = ${table} and column_name = 'id' and (column_default like 'nextval%' or is_identity = 'YES')`.execute(
    db,
  );
  if (serial[0]?.sequence) {
    await sql`select setval(${serial[0].sequence}, coalesce((select max(id) from ${sql.table(table)}), 1), (select max(id) from ${sql.table(table)}) is not null)`.execute(
      db,
    );
  }
}

/** JSON columns come back parsed: written back as their text, the database reads them back the same. */
function jsonValue(value: unknown) {
  return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
}

export function openConfigured(config: Config): DatabaseHandle {
  return openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { sqliteFile: path.join(config.DATA_DIR, sqliteName) },
  );
}

export interface BackupOptions {
  /** A logical export of every table even where pg_dump is installed (a pg_dump older than the server refuses). */
  logical?: boolean;
  /** The database alone, uploads left out: what a migration can change. */
  databaseOnly?: boolean;
  progress(line: string): void;
}

/** Writes a consistent backup of the configured site into `dir` (empty or new) while the site runs. */
export async function backup(config: Config, dir: string, opts: BackupOptions): Promise<Manifest> {
  const existing = await readdir(dir).catch(() => []);
  if (existing.length) throw new BackupProblem(`${dir} is not empty; back up into a new folder`);
  await mkdir(dir, { recursive: true });
  let format: DatabaseFormat;
  let migrations: string[];
  if (config.DATABASE_URL) {
    const handle = openConfigured(config);
    try {
      migrations = await appliedMigrations(handle.db);
      format = !opts.logical && (await pgDumpInstalled()) ? 'pg_dump' : 'tables';
      if (format === 'pg_dump')
        await run('pg_dump', [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--file=${path.join(dir, pgDumpName)}`,
          config.DATABASE_URL,
        ]);
      else await exportTables(handle.db, path.join(dir, tablesFolder));
    } finally {
      await handle.close();
    }
  } else {
    const file = path.join(config.DATA_DIR, sqliteName);
    if (!(await stat(file).catch(() => undefined))) throw new BackupProblem(`no database at ${file}`);
    const handle = openConfigured(config);
    try {
      migrations = await appliedMigrations(handle.db);
    } finally {
      await handle.close();
    }
    format = 'sqlite';
    // SQLite's online backup API copies pages while writers go on, restarting a step a write touched: the copy
    // is the database at one moment, the write-ahead log included (a file copy would miss it).
    const source = new SQLite(file, { fileMustExist: true });
    try {
      await source.backup(path.join(dir, sqliteName));
    } finally {
      source.close();
    }
  }
  opts.progress(`database (${format}) saved`);
  let copied = { total: 0 };
  if (opts.databaseOnly) await mkdir(path.join(dir, uploadsFolder));
  else {
    const uploads = openUploadStorage(config);
    const target = folderStorage(path.join(dir, uploadsFolder));
    try {
      copied = await copyUploads(uploads, target, (progress) => {
        if (progress.done % 100 === 0) opts.progress(`uploads ${progress.done}/${progress.total}`);
      });
    } finally {
      await Promise.all([uploads.close(), target.close()]);
    }
  }
  const files: Record<string, string> = {};
  for (const file of await filesUnder(dir)) files[file] = await sha256(path.join(dir, file));
  const manifest: Manifest = {
    papoBackup: 1,
    createdAt: new Date().toISOString(),
    node: process.version,
    database: { dialect: config.DATABASE_URL ? 'postgres' : 'sqlite', format },
    migrations,
    uploads: copied.total,
    files,
  };
  await writeFile(path.join(dir, manifestName), `${JSON.stringify(manifest, null, 2)}\n`);
  // the backups before upgrades are found by their folders' names; an operator's is noted for the operations screen.
  if (!opts.databaseOnly) await noteBackup(config, { at: manifest.createdAt, folder: path.resolve(dir) });
  return manifest;
}

/** The backup's manifest, once every file it lists has its checksum and no file is missing. */
async function verifiedManifest(dir: string): Promise<Manifest> {
  const text = await readFile(path.join(dir, manifestName), 'utf8').catch(() => undefined);
  if (text === undefined) throw new BackupProblem(`${dir} has no ${manifestName}: not a Papo backup`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new BackupProblem(`${dir}/${manifestName} is not a Papo backup this version reads`);
  const manifest = parsed.data;
  for (const [file, expected] of Object.entries(manifest.files)) {
    const actual = await sha256(path.join(dir, file)).catch(() => 'missing');
    if (actual !== expected)
      throw new BackupProblem(
        `${file} in ${dir} is ${actual === 'missing' ? 'missing' : 'damaged (checksum differs)'}; the backup cannot be restored`,
      );
  }
  return manifest;
}

export interface RestoreOptions {
  /** Replace a database and uploads that are not empty. */
  force?: boolean;
  progress(line: string): void;
}

/** Restores the backup in `dir` into the configured database and uploads, which must be empty unless `force`. */
export async function restore(config: Config, dir: string, opts: RestoreOptions): Promise<Manifest> {
  const manifest = await verifiedManifest(dir);
  const dialect = config.DATABASE_URL ? 'postgres' : 'sqlite';
  if (manifest.database.dialect !== dialect)
    throw new BackupProblem(
      `the backup is of a ${manifest.database.dialect} database; this site is configured for ${dialect}`,
    );
  const uploads = openUploadStorage(config);
  const source = folderStorage(path.join(dir, uploadsFolder));
  try {
    const hasUploads = await (async () => {
      for await (const object of uploads.list('')) if (!object.key.startsWith('checks/')) return true;
      return false;
    })();
    if (config.DATABASE_URL) await restorePostgres(config.DATABASE_URL, dir, manifest, Boolean(opts.force), hasUploads);
    else await restoreSqlite(config, dir, manifest, Boolean(opts.force), hasUploads);
    opts.progress('database restored');
    await copyUploads(source, uploads, () => undefined);
  } finally {
    await Promise.all([uploads.close(), source.close()]);
  }
  return manifest;
}

function notEmpty(what: string): BackupProblem {
  return new BackupProblem(`${what} is not empty; restore into an empty one, or add --force to replace it`);
}

/** Refuses a backup with migrations this code does not have (a newer Papo made it). */
function checkKnown(manifest: Manifest, known: string[]): void {
  const unknown = manifest.migrations.filter((name) => !known.includes(name));
  if (unknown.length)
    throw new BackupProblem(
      `the backup comes from a newer Papo (migration ${unknown[0]}); restore it with that version`,
    );
}

async function restoreSqlite(
  config: Config,
  dir: string,
  manifest: Manifest,
  force: boolean,
  hasUploads: boolean,
): Promise<void> {
  const file = path.join(config.DATA_DIR, sqliteName);
  const exists = Boolean(await stat(file).catch(() => undefined));
  if ((exists || hasUploads) && !force) throw notEmpty(exists ? `the database ${file}` : 'the uploads storage');
  const probe = openDatabase({ sqliteFile: ':memory:' });
  try {
    checkKnown(
      manifest,
      (await createMigrator(probe.db).getMigrations()).map((migration) => migration.name),
    );
  } finally {
    await probe.close();
  }
  await mkdir(config.DATA_DIR, { recursive: true });
  await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${file}${suffix}`, { force: true })));
  await copyFile(path.join(dir, sqliteName), file);
}

async function restorePostgres(
  url: string,
  dir: string,
  manifest: Manifest,
  force: boolean,
  hasUploads: boolean,
): Promise<void> {
  const handle = openDatabase({ url });
  try {
    checkKnown(
      manifest,
      (await createMigrator(handle.db).getMigrations()).map((migration) => migration.name),
    );
    const tables = await postgresTables(handle.db);
    if ((tables.length || hasUploads) && !force) throw notEmpty(tables.length ? 'the database' : 'the uploads storage');
    if (tables.length) {
      await sql`drop schema public cascade`.execute(handle.db);
      await sql`create schema public`.execute(handle.db);
    }
    if (manifest.database.format === 'tables') {
      await migrateToLatest(handle.db);
      await importTables(handle.db, path.join(dir, tablesFolder));
    }
  } finally {
    await handle.close();
  }
  if (manifest.database.format === 'pg_dump')
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${url}`,
      path.join(dir, pgDumpName),
    ]);
}

/*
 * Upgrades of a SQLite site: before the first pending migration runs, the database is saved (uploads are not, no
 * migration changes them) into DATA_DIR/backups/<time>-before-<newest pending migration>; an older Papo started
 * against the migrated database finds there the backup taken before the migrations it does not know.
 */
const upgradeFolder = 'backups';
const beforeMark = '-before-';

const lastBackupNote = 'last-backup.json';
const lastBackupSchema = z.object({ at: z.string(), folder: z.string() });

/** Notes the newest backup in DATA_DIR; a folder that cannot be written to only loses the note, not the backup. */
async function noteBackup(config: Config, note: z.infer<typeof lastBackupSchema>): Promise<void> {
  const folder = path.join(config.DATA_DIR, upgradeFolder);
  await mkdir(folder, { recursive: true })
    .then(() => writeFile(path.join(folder, lastBackupNote), `${JSON.stringify(note)}\n`))
    .catch(() => undefined);
}

export interface LastBackup {
  at: string;
  folder: string;
  kind: 'backup' | 'before_upgrade';
}

/** The newest backup this DATA_DIR knows of: the last `backup` command's, or the last one taken before an upgrade. */
export async function lastBackup(config: Config): Promise<LastBackup | null> {
  const folder = path.join(config.DATA_DIR, upgradeFolder);
  const found: LastBackup[] = [];
  const noted = lastBackupSchema.safeParse(
    await readFile(path.join(folder, lastBackupNote), 'utf8')
      .then((text): unknown => JSON.parse(text))
      .catch(() => undefined),
  );
  if (noted.success) found.push({ ...noted.data, kind: 'backup' });
  for (const name of await readdir(folder).catch(() => [])) {
    const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-before-/.exec(name);
    if (stamp)
      found.push({
        at: `${stamp[1]}-${stamp[2]}-${stamp[3]}T${stamp[4]}:${stamp[5]}:${stamp[6]}.000Z`,
        folder: path.join(folder, name),
        kind: 'before_upgrade',
      });
  }
  return found.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))[0] ?? null;
}

/** Saves the SQLite database before `pending` migrations run; returns the backup's folder. */
export async function backupBeforeMigrating(config: Config, pending: string[]): Promise<string> {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const dir = path.join(config.DATA_DIR, upgradeFolder, `${stamp}${beforeMark}${pending.at(-1) ?? 'migrating'}`);
  await backup(config, dir, { databaseOnly: true, progress: () => {} });
  return dir;
}

/** How a site whose database has the `unknown` migrations gets back to the schema this code has. */
export async function rollbackAdvice(config: Config, unknown: string[]): Promise<string> {
  const folders = config.DATABASE_URL ? [] : await readdir(path.join(config.DATA_DIR, upgradeFolder)).catch(() => []);
  // the newest backup made before one of the migrations this code lacks holds no migration this code lacks.
  const before = folders
    .filter((name) => unknown.some((migration) => name.endsWith(`${beforeMark}${migration}`)))
    .sort()
    .at(-1);
  const from = before ? path.join(config.DATA_DIR, upgradeFolder, before) : 'DIR';
  const which = before ? 'the backup taken before the upgrade' : 'the backup you took before the upgrade';
  return `stop the node and restore ${which}: npm run admin -- restore --from ${from} --force`;
}

/**
 * How a node or an admin command migrates the configured database: a SQLite site with data is saved first, and a
 * database newer than this code is refused with the way back. `note` hears where the backup went.
 */
export function upgradeSafely(
  config: Config,
  dialect: DatabaseHandle['dialect'],
  note: (dir: string, pending: string[]) => void,
): MigrateOptions {
  return {
    rollback: (unknown) => rollbackAdvice(config, unknown),
    beforeMigrating: async (plan) => {
      // a new database has nothing to lose; PostgreSQL sites back up with their own tools (docs/operations.md says when).
      if (dialect !== 'sqlite' || !plan.applied.length) return;
      note(await backupBeforeMigrating(config, plan.pending), plan.pending);
    },
  };
}
