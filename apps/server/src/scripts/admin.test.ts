import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccountByUsername } from '../features/auth/repo.js';
import { loadConfig } from '../config.js';
import { verifyPassword } from '../lib/passwords.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../test/db.js';
import { folderStorage } from '../features/uploads/storage/local.js';
import { s3Storage } from '../features/uploads/storage/s3.js';
import { childEnv, collect, repoRoot } from '../test/process.js';
import { startBrokenBucket, startS3Server, type S3Server } from '../test/s3.js';
import { runAdminCommand, UsageError } from './admin-commands.js';

/** Runs a command in this process as the command line does: its result lines, or the one line it would print on stderr. */
async function admin(
  args: string[],
  env: Record<string, string>,
  password = 'a long passphrase',
): Promise<{ code: number; stdout: string; stderr: string }> {
  const progress: string[] = [];
  try {
    const result = await runAdminCommand(args, {
      env: childEnv(env),
      password: async () => password,
      progress: (line) => progress.push(line),
    });
    return { code: 0, stdout: [...progress, result, ''].join('\n'), stderr: '' };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { code: 1, stdout: [...progress, ''].join('\n'), stderr: `admin: ${error.message}\n` };
  }
}

describeEachDialect('npm run admin -- account commands', (dialect) => {
  let database: TestDatabase;
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-admin-'));
    // The command opens the configured database itself; for SQLite that is DATA_DIR/papo.sqlite.
    database = await createTestDatabase(dialect, { migrate: false });
    env = database.url
      ? { DATABASE_URL: database.url, DATA_DIR: dataDir }
      : { DATA_DIR: path.dirname(database.sqliteFile!) };
  });
  afterAll(async () => {
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a verified user with a hashed password and the requested role, then refuses a duplicate', async () => {
    const created = await admin(
      [
        'create-user',
        '--username',
        'Ana_Admin',
        '--email',
        'Ana@Example.com',
        '--name',
        'Ana Souza',
        '--role',
        'ROLE_ADMIN',
      ],
      env,
    );
    expect(created.stderr).toBe('');
    expect(created.stdout.trim()).toMatch(/^created user Ana_Admin \(id \d+\) with roles ROLE_USER, ROLE_ADMIN$/);

    const user = await findAccountByUsername(database.handle.db, 'ana_admin');
    expect(user).toMatchObject({
      name: 'Ana Souza',
      username: 'Ana_Admin',
      email: 'Ana@Example.com',
      roles: ['ROLE_USER', 'ROLE_ADMIN'],
      verified: true,
    });
    expect(await verifyPassword(user!.passwordHash!, 'a long passphrase')).toBe(true);

    const duplicate = await admin(['create-user', '--username', 'ana_admin', '--email', 'other@example.com'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toBe('admin: username "ana_admin" is already taken\n');
  });

  it('resets a password and ends the sessions, changes a role, lists the accounts and deletes one', async () => {
    await admin(['create-user', '--username', 'bea', '--email', 'bea@example.com'], env);
    const reset = await admin(['reset-password', '--username', 'BEA'], env, 'a brand new passphrase');
    expect(reset.stdout.trim()).toBe('new password set for BEA; their sessions are ended');
    const bea = await findAccountByUsername(database.handle.db, 'bea');
    expect(await verifyPassword(bea!.passwordHash!, 'a brand new passphrase')).toBe(true);
    const revoked = await database.handle.db
      .selectFrom('token_revocations')
      .select('revoked_before')
      .where('user_id', '=', bea!.id)
      .executeTakeFirst();
    expect(Date.parse(revoked!.revoked_before)).toBeGreaterThan(Date.now() - 60_000);

    expect((await admin(['set-role', '--username', 'bea', '--role', 'ROLE_MODERATOR'], env)).stdout.trim()).toBe(
      'bea now has roles ROLE_USER, ROLE_MODERATOR',
    );
    expect((await findAccountByUsername(database.handle.db, 'bea'))?.roles).toEqual(['ROLE_USER', 'ROLE_MODERATOR']);
    const moderators = await admin(['list-users', '--role', 'ROLE_MODERATOR'], env);
    expect(moderators.stdout.trim().split('\n')).toEqual([
      `${bea!.id}\tbea\tbea@example.com\tROLE_USER,ROLE_MODERATOR\tverified`,
      '1 user',
    ]);
    await admin(['set-role', '--username', 'bea', '--role', 'ROLE_USER'], env);
    expect((await findAccountByUsername(database.handle.db, 'bea'))?.roles).toEqual(['ROLE_USER']);

    expect((await admin(['delete-user', '--username', 'bea'], env)).stderr).toMatch(/^admin: --yes: is required/);
    expect((await admin(['delete-user', '--username', 'bea', '--yes'], env)).stdout.trim()).toBe(
      `deleted user bea (id ${bea!.id})`,
    );
    // As the member's own deletion leaves it: the username reserved, nothing else of the account.
    expect(
      await database.handle.db
        .selectFrom('users')
        .select(['email', 'password_hash', 'roles'])
        .where('id', '=', bea!.id)
        .executeTakeFirst(),
    ).toEqual({ email: '', password_hash: null, roles: '[]' });
    expect((await admin(['list-users'], env)).stdout).not.toContain('\tbea\t');
    expect((await admin(['reset-password', '--username', 'bea'], env)).stderr).toBe(
      'admin: the account "bea" was deleted (its username stays reserved)\n',
    );
    expect((await admin(['create-user', '--username', 'bea', '--email', 'bea2@example.com'], env)).stderr).toBe(
      'admin: username "bea" is already taken\n',
    );
    expect((await admin(['reset-password', '--username', 'nobody'], env)).stderr).toBe('admin: no user "nobody"\n');
  });
});

describe('npm run admin with bad arguments', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-admin-args-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it.each([
    [
      'a short password',
      ['create-user', '--username', 'bob', '--email', 'bob@example.com'],
      'short',
      /^admin: password: must be at least 10 characters$/,
    ],
    [
      'a password on the command line',
      ['create-user', '--username', 'bob', '--email', 'bob@example.com', '--password', 'long enough!'],
      '',
      /^admin: --password: is never taken from the command line/,
    ],
    [
      'an unknown role',
      ['create-user', '--username', 'bob', '--email', 'bob@example.com', '--role', 'ROLE_GOD'],
      '',
      /^admin: --role: must be ROLE_ADMIN or ROLE_MODERATOR$/,
    ],
    [
      'a bad username',
      ['create-user', '--username', 'b', '--email', 'bob@example.com'],
      '',
      /^admin: --username: must be 2–30/,
    ],
    [
      'a blank name',
      ['create-user', '--username', 'bob', '--email', 'bob@example.com', '--name', '  '],
      '',
      /^admin: --name: must not be blank$/,
    ],
    [
      'an unknown option',
      ['create-user', '--username', 'bob', '--nope'],
      '',
      /^admin: .*--nope.* \(usage: npm run admin -- create-user /,
    ],
    [
      'an unknown command',
      ['make-coffee'],
      '',
      /^admin: unknown command "make-coffee" \(npm run admin -- --help lists them\)$/,
    ],
    [
      'set-role without a known role',
      ['set-role', '--username', 'bob', '--role', 'king'],
      '',
      /^admin: --role: must be ROLE_USER, ROLE_ADMIN or ROLE_MODERATOR$/,
    ],
  ])('answers one line for %s', async (_name, args, password, line) => {
    const result = await admin(args, { DATA_DIR: dataDir }, password || 'long enough!');
    expect(result.code).toBe(1);
    const lines = result.stderr.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });

  it.each([['create-user'], ['reset-password'], ['set-role'], ['list-users'], ['delete-user'], ['uploads', 'copy']])(
    'answers %s --help with its usage',
    async (...words) => {
      const result = await admin([...words, '--help'], { DATA_DIR: dataDir });
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(new RegExp(`^usage: npm run admin -- ${words.join(' ')}\\b`));
    },
  );

  it('prints a new VAPID pair that the configuration accepts', async () => {
    const first = await admin(['vapid-keys'], { DATA_DIR: dataDir });
    const second = await admin(['vapid-keys'], { DATA_DIR: dataDir });
    expect(first.code).toBe(0);
    const pair = Object.fromEntries(
      first.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('=') as [string, string]),
    );
    expect(Object.keys(pair)).toEqual(['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY']);
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      REDIS_URL: 'redis://r:6379',
      ...pair,
    });
    expect(config.VAPID_PRIVATE_KEY).toBe(pair.VAPID_PRIVATE_KEY);
    expect(second.stdout).not.toBe(first.stdout);
  });

  it('lists every command for --help and for no command', async () => {
    for (const args of [['--help'], []]) {
      const { stdout } = await admin(args, { DATA_DIR: dataDir });
      for (const command of ['create-user', 'reset-password', 'set-role', 'list-users', 'delete-user', 'uploads copy'])
        expect(stdout).toContain(`  ${command}`);
    }
  });
});

describe('the admin command line', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-admin-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('reads the password from standard input, prints the result, and exits 1 with one line for a mistake', async () => {
    const run = (args: string[], input: string) => {
      const child = spawn(process.execPath, ['scripts/admin.mjs', ...args], {
        cwd: repoRoot,
        env: childEnv({ DATA_DIR: dataDir }),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      child.stdin.end(input);
      return collect(child);
    };
    const created = await run(['create-user', '--username', 'cli', '--email', 'cli@example.com'], 'piped passphrase\n');
    // The first command on an empty DATA_DIR makes the site, and says so: run without the node's environment, that is
    // the only sign the member went to another site than the one served.
    expect(created.stderr).toBe(
      `admin: DATA_DIR ${dataDir} held no site: a new SQLite one is made there (give the command the node's DATA_DIR or DATABASE_URL)\n`,
    );
    expect(created.code).toBe(0);
    const listed = await run(['list-users'], '');
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toContain('\tcli\tcli@example.com\t');
    expect(created.stdout).toMatch(/^created user cli \(id \d+\) with roles ROLE_USER\n$/);
    expect(created.stdout).not.toContain('piped passphrase');
    const none = await run(['reset-password', '--username', 'cli'], '');
    expect(none.code).toBe(1);
    expect(none.stderr).toBe('admin: password: none given (type it when asked, or pipe it on standard input)\n');
  }, 60_000);

  it("reads the node's environment file given by --env-file or PAPO_ENV_FILE, and says in one line when it cannot", async () => {
    const siteDir = path.join(dataDir, 'env-file-site');
    const envFile = path.join(dataDir, 'papo.env');
    // As deploy/papo.env writes it: a comment, and MAIL_FROM's <…> that a shell could not source.
    await writeFile(envFile, `# the node's settings\nDATA_DIR=${siteDir}\nMAIL_FROM=Papo <no-reply@example.com>\n`);
    const run = (args: string[], env: Record<string, string> = {}) => {
      const child = spawn(process.execPath, ['scripts/admin.mjs', ...args], {
        cwd: repoRoot,
        env: childEnv(env),
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      child.stdin.end('piped passphrase\n');
      return collect(child);
    };
    const created = await run([
      'create-user',
      '--username',
      'envfile',
      '--email',
      'e@example.com',
      '--env-file',
      envFile,
    ]);
    expect(created.stdout).toMatch(/^created user envfile /);
    // The site the file names, not ./data: its database holds the member.
    expect(existsSync(path.join(siteDir, 'papo.sqlite'))).toBe(true);
    const listed = await run(['list-users'], { PAPO_ENV_FILE: envFile });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('\tenvfile\te@example.com\t');
    const missing = await run(['list-users'], { PAPO_ENV_FILE: path.join(dataDir, 'nowhere.env') });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `admin: environment file ${path.join(dataDir, 'nowhere.env')} cannot be read: ENOENT (no such file)\n`,
    );
    // A directory is no file, even to root. `--` first, as `npm run admin` passes it, so Node leaves the flag alone.
    const directory = await run(['--', 'list-users', '--env-file', dataDir]);
    expect(directory.code).toBe(1);
    expect(directory.stderr).toBe(
      `admin: environment file ${dataDir} cannot be read: EISDIR (a directory, not a file)\n`,
    );
    // root reads a file of mode 000 all the same: only another user sees it refused.
    if (process.getuid?.() !== 0) {
      const locked = path.join(dataDir, 'locked.env');
      await writeFile(locked, `DATA_DIR=${siteDir}\n`, { mode: 0o000 });
      const refused = await run(['list-users'], { PAPO_ENV_FILE: locked });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(
        `admin: environment file ${locked} cannot be read: permission denied (run the command as the service user, e.g. sudo -u papo)\n`,
      );
    }
  }, 60_000);
});

describe('npm run admin -- uploads copy', () => {
  let dataDir: string;
  let s3: S3Server;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-admin-copy-'));
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies DATA_DIR/uploads into a bucket with progress, then copies only what is missing', async () => {
    const folder = folderStorage(path.join(dataDir, 'uploads'));
    const keys = Array.from({ length: 60 }, (_, n) => `library/${n.toString(16).padStart(32, '0')}.png`);
    for (const [n, key] of keys.entries()) await folder.put(key, Buffer.from(`image ${n}`), 'image/png');
    const { UPLOADS_URL: _unused, ...env } = s3.env();
    const to = `s3://${s3.bucket}/moved`;
    const first = await admin(['uploads', 'copy', '--to', to], { ...env, DATA_DIR: dataDir });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n')).toEqual(
      expect.arrayContaining([
        `copying ${path.join(dataDir, 'uploads')} to ${to}/`,
        '50/60 (copied 50, already there 0)',
        '60/60 (copied 60, already there 0)',
        `copied 60 of 60 files to ${to}/ (0 already there)`,
      ]),
    );
    const bucket = s3Storage({
      bucket: s3.bucket,
      prefix: 'moved/',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      timeoutMs: 5000,
    });
    expect((await bucket.get(keys[41]!))?.body.toString()).toBe('image 41');
    expect((await bucket.head(keys[41]!))?.contentType).toBe('image/png');

    await folder.put('profile/ffffffffffffffffffffffffffffffff.jpg', Buffer.from('new one'), 'image/jpeg');
    const again = await admin(['uploads', 'copy', '--to', to], { ...env, DATA_DIR: dataDir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`copied 1 of 61 files to ${to}/ (60 already there)`);
    expect((await bucket.head('profile/ffffffffffffffffffffffffffffffff.jpg'))?.contentType).toBe('image/jpeg');
    await bucket.close();
  });

  it.each([
    ['no --to', ['uploads', 'copy'], /^admin: --to: is required/],
    [
      'a relative folder',
      ['uploads', 'copy', '--to', 'elsewhere'],
      /^admin: --to: "elsewhere" must be an absolute path, a file:\/\/ URL or s3:\/\/bucket\/prefix$/,
    ],
    [
      'the folder the uploads are in',
      ['uploads', 'copy', '--to', 'UPLOADS'],
      /^admin: --to: .* is where the uploads already are$/,
    ],
  ])('refuses %s with one line', async (_what, args, message) => {
    const result = await admin(
      args.map((arg) => (arg === 'UPLOADS' ? path.join(dataDir, 'uploads') : arg)),
      { DATA_DIR: dataDir },
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('says in one line when the bucket does not answer', async () => {
    const folder = folderStorage(path.join(dataDir, 'uploads'));
    await folder.put('bio/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.webp', Buffer.from('x'), 'image/webp');
    const broken = await startBrokenBucket('failing');
    try {
      const { UPLOADS_URL: _unused, ...env } = broken.env();
      const result = await admin(['uploads', 'copy', '--to', 's3://papo-broken/x'], { ...env, DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^admin: the uploads storage did not answer.*\(run the command again to go on\)\n$/,
      );
    } finally {
      await broken.close();
    }
  });
});
