import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByUsername } from '../features/users/repo.js';
import { verifyPassword } from '../lib/passwords.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../test/db.js';
import { runScript } from '../test/process.js';

const admin = (args: string[], env: Record<string, string>) => runScript('apps/server/src/scripts/admin.ts', args, env);

describeEachDialect('npm run admin -- create-user', (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-admin-'));
    // The command opens the configured database itself; for SQLite that is DATA_DIR/papo.sqlite.
    database = await createTestDatabase(dialect, { migrate: false });
    env = database.url ? { DATABASE_URL: database.url, DATA_DIR: dataDir } : { DATA_DIR: path.dirname(database.sqliteFile!) };
  });
  afterAll(async () => {
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a verified user with a hashed password and the requested role, then refuses a duplicate', async () => {
    const args = ['create-user', '--username', 'Ana_Admin', '--email', 'Ana@Example.com', '--password', 'a long passphrase'];
    const created = await admin([...args, '--name', 'Ana Souza', '--role', 'ROLE_ADMIN'], env);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout.trim()).toMatch(/^created user Ana_Admin \(id \d+\) with roles ROLE_USER, ROLE_ADMIN$/);

    const user = await findUserByUsername(database.handle.db, 'ana_admin');
    expect(user).toMatchObject({ name: 'Ana Souza', username: 'Ana_Admin', email: 'Ana@Example.com', roles: ['ROLE_USER', 'ROLE_ADMIN'], verified: true });
    const { password_hash } = await database.handle.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user!.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(password_hash!, 'a long passphrase')).toBe(true);

    const duplicate = await admin(['create-user', '--username', 'ana_admin', '--email', 'other@example.com', '--password', 'another passphrase'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toBe('admin: username "ana_admin" is already taken\n');
  });
});

describe('npm run admin with bad arguments', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-admin-args-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it.concurrent.each([
    ['a short password', ['--username', 'bob', '--email', 'bob@example.com', '--password', 'short'], /^admin: --password: must be at least 10 characters$/],
    ['an unknown role', ['--username', 'bob', '--email', 'bob@example.com', '--password', 'long enough!', '--role', 'ROLE_GOD'], /^admin: --role: must be ROLE_ADMIN or ROLE_MODERATOR$/],
    ['a bad username', ['--username', 'b', '--email', 'bob@example.com', '--password', 'long enough!'], /^admin: --username: must be 2–30/],
    ['a blank name', ['--username', 'bob', '--email', 'bob@example.com', '--password', 'long enough!', '--name', '  '], /^admin: --name: must not be blank$/],
    ['an unknown option', ['--username', 'bob', '--nope'], /^admin: .*--nope.* \(usage: /],
  ])('exits 1 with one line for %s', async (_name, args, line) => {
    const result = await admin(['create-user', ...args], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });
});
