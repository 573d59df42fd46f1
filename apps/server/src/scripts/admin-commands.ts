import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { emailSchema, passwordSchema, roles, signupBody, usernameSchema } from '@papo/contract/auth';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ConfigError, loadConfig, type Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { HttpError } from '../lib/http-error.js';
import { errorMessage } from '../db/error-code.js';
import type { RunningNodes } from './running-nodes.js';

/** A problem the operator can fix; printed as one line without a stack. */
export class UsageError extends Error {}

/** What a command needs from where it runs: the command line gives the process's, tests and e2e helpers their own. */
export interface CommandContext {
  env: NodeJS.ProcessEnv;
  /** A new password: asked at a terminal without echo, else read from standard input; never from the arguments. */
  password(prompt: string): Promise<string>;
  /** A progress line of a long command (its result is what the command returns). */
  progress(line: string): void;
  /** A warning beside the result (the command line prints it on standard error). */
  warn?(line: string): void;
}

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

interface Command {
  /** The words that name it, e.g. ['uploads', 'copy']. */
  words: string[];
  usage: string;
  summary: string;
  options: Options;
  run(values: Values, context: CommandContext): Promise<string>;
}

const roleOption = z.enum([roles.admin, roles.moderator], { message: 'must be ROLE_ADMIN or ROLE_MODERATOR' });
const anyRole = z.enum([roles.user, roles.admin, roles.moderator], {
  message: 'must be ROLE_USER, ROLE_ADMIN or ROLE_MODERATOR',
});

const createUserArgs = z.object({
  username: usernameSchema,
  email: emailSchema,
  /** The display name; the username when left out. */
  name: signupBody.shape.name.optional(),
  role: roleOption.optional(),
});

function describe(key: string): string {
  const texts: Record<string, string> = {
    username_required: 'is required',
    invalid_username: 'must be 2–30 letters, digits, "_" or "-"',
    email_required: 'is required',
    invalid_email: 'is not a valid e-mail address',
    password_required: 'is required',
    password_too_short: 'must be at least 10 characters',
    password_too_long: 'must be at most 128 characters',
    name_required: 'must not be blank',
    too_long: 'is too long',
  };
  return texts[key] ?? key;
}

function checked<T extends z.ZodType>(schema: T, values: unknown): z.output<T> {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new UsageError(issue ? `--${issue.path.join('.')}: ${describe(issue.message)}` : result.error.message);
}

/** The new password, asked through the context and checked as the sign-up form checks it. */
async function newPassword(context: CommandContext): Promise<string> {
  const password = await context.password('New password (at least 10 characters): ');
  const result = passwordSchema.safeParse(password);
  if (!result.success)
    throw new UsageError(`password: ${describe(result.error.issues[0]?.message ?? 'password_required')}`);
  return result.data;
}

/** The configured database (DATABASE_URL, or DATA_DIR's SQLite file), migrated, for the length of `work`. */
async function withDatabase<T>(
  context: CommandContext,
  work: (db: Kysely<Database>, config: Config) => Promise<T>,
): Promise<T> {
  const config = loadConfig(context.env);
  // loaded once the arguments are known good, so a mistyped command answers without loading the database layer.
  const [{ openDatabase }, { migrateToLatest }, { upgradeSafely }] = await Promise.all([
    import('../db/database.js'),
    import('../db/migrate.js'),
    import('../backup.js'),
  ]);
  const sqliteFile = path.join(config.DATA_DIR, 'papo.sqlite');
  // run without the node's environment, a command would quietly work on a site of its own in ./data; the
  // operator is told, since the member they just made or changed is then not on the site they serve.
  if (!config.DATABASE_URL && !existsSync(sqliteFile))
    context.warn?.(
      `DATA_DIR ${config.DATA_DIR} held no site: a new SQLite one is made there (give the command the node's DATA_DIR or DATABASE_URL)`,
    );
  if (!config.DATABASE_URL) await mkdir(config.DATA_DIR, { recursive: true });
  const handle = openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { sqliteFile });
  try {
    await migrateToLatest(
      handle.db,
      upgradeSafely(config, handle.dialect, (dir) => context.progress(`database saved before migrating: ${dir}`)),
    );
    return await work(handle.db, config);
  } finally {
    await handle.close();
  }
}

/**
 * `work` over the configured database, telling the running nodes what it changes (their sockets, IRC links and kept
 * member reads); the answer ends with a line when they could not be told.
 */
async function withRunningNodes(
  context: CommandContext,
  work: (nodes: RunningNodes) => Promise<string>,
): Promise<string> {
  const { reachRunningNodes } = await import('./running-nodes.js');
  return withDatabase(context, async (db, config) => {
    const nodes = reachRunningNodes(config, db);
    let untold: string[] = [];
    let answer: string;
    try {
      answer = await work(nodes);
    } finally {
      untold = await nodes.close();
    }
    if (!untold.length) return answer;
    return `${answer}\nthe running nodes could not be told (${untold.join('; ')}): they refuse the member's tokens within a minute; restart them to close the member's open connections`;
  });
}

/** The account named `username`; a deleted one (its name kept reserved) is no user to act on. */
async function findUser(db: Kysely<Database>, username: unknown): Promise<{ id: number; email: string }> {
  const name = checked(z.object({ username: usernameSchema }), { username }).username;
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'deleted_at'])
    .where('username_lower', '=', name.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new UsageError(`no user "${name}"`);
  if (row.deleted_at) throw new UsageError(`the account "${name}" was deleted (its username stays reserved)`);
  return { id: row.id, email: row.email };
}

/** Account deletion and the end of a member's sessions, the web's own (the commands pass them the running nodes). */
const authModule = () => import('../features/auth/index.js');

function parseRoles(value: string): string[] {
  const parsed: unknown = JSON.parse(value);
  return Array.isArray(parsed) ? parsed.filter((role): role is string => typeof role === 'string') : [];
}

const createUser: Command = {
  words: ['create-user'],
  usage: 'create-user --username U --email E [--name N] [--role ROLE_ADMIN|ROLE_MODERATOR]',
  summary: 'a verified account; the password is asked (or read from standard input)',
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
  },
  async run(values, context) {
    const args = checked(createUserArgs, values);
    const password = await newPassword(context);
    const [{ isUniqueViolation }, { findTakenKeys, insertUser }, { hashPassword }] = await Promise.all([
      import('../db/values.js'),
      import('../features/users/repo.js'),
      import('../lib/passwords.js'),
    ]);
    return withDatabase(context, async (db) => {
      const taken = await findTakenKeys(db, args.username, args.email);
      if (taken.username) throw new UsageError(`username "${args.username}" is already taken`);
      if (taken.email) throw new UsageError(`e-mail "${args.email}" is already registered`);
      const userRoles = [roles.user, ...(args.role ? [args.role] : [])];
      const id = await insertUser(db, {
        name: args.name ?? args.username,
        username: args.username,
        email: args.email,
        passwordHash: await hashPassword(password),
        roles: userRoles,
        verified: true,
      }).catch((error: unknown) => {
        // Another process may have taken the name between the check and the insert.
        throw isUniqueViolation(error) ? new UsageError('username or e-mail is already registered') : error;
      });
      return `created user ${args.username} (id ${id}) with roles ${userRoles.join(', ')}`;
    });
  },
};

const resetPassword: Command = {
  words: ['reset-password'],
  usage: 'reset-password --username U',
  summary: "sets a new password (asked, or read from standard input) and ends the member's sessions",
  options: { username: { type: 'string' } },
  async run(values, context) {
    const password = await newPassword(context);
    const [{ hashPassword }, { endAccountSessions }] = await Promise.all([import('../lib/passwords.js'), authModule()]);
    return withRunningNodes(context, async (nodes) => {
      const { id } = await findUser(nodes.db, values.username);
      await nodes.db
        .updateTable('users')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', id)
        .execute();
      await endAccountSessions(nodes, id, 'password_changed');
      return `new password set for ${String(values.username)}; their sessions are ended`;
    });
  },
};

const setRole: Command = {
  words: ['set-role'],
  usage: 'set-role --username U --role ROLE_USER|ROLE_MODERATOR|ROLE_ADMIN',
  summary: 'makes the member staff, or an ordinary member again (ROLE_USER); they sign in again',
  options: { username: { type: 'string' }, role: { type: 'string' } },
  async run(values, context) {
    const role = checked(z.object({ role: anyRole }), { role: values.role }).role;
    const { endAccountSessions } = await authModule();
    return withRunningNodes(context, async (nodes) => {
      const { id } = await findUser(nodes.db, values.username);
      const userRoles = role === roles.user ? [roles.user] : [roles.user, role];
      await nodes.db
        .updateTable('users')
        .set({ roles: JSON.stringify(userRoles) })
        .where('id', '=', id)
        .execute();
      // roles travel in access tokens: the member's tokens are ended so the new roles apply at once.
      await endAccountSessions(nodes, id, 'role_changed');
      return `${String(values.username)} now has roles ${userRoles.join(', ')}`;
    });
  },
};

const listUsers: Command = {
  words: ['list-users'],
  usage: 'list-users [--role ROLE_ADMIN|ROLE_MODERATOR]',
  summary: 'one line per account (deleted ones left out): id, username, e-mail, roles, verified',
  options: { role: { type: 'string' } },
  async run(values, context) {
    const role =
      values.role === undefined ? undefined : checked(z.object({ role: roleOption }), { role: values.role }).role;
    return withDatabase(context, async (db) => {
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'roles', 'verified'])
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
      const lines = rows
        .map((row) => ({ ...row, roles: parseRoles(row.roles) }))
        .filter((row) => !role || row.roles.includes(role))
        .map((row) =>
          [row.id, row.username, row.email, row.roles.join(','), row.verified ? 'verified' : 'unverified'].join('\t'),
        );
      return [...lines, `${lines.length} user${lines.length === 1 ? '' : 's'}`].join('\n');
    });
  },
};

const deleteUser: Command = {
  words: ['delete-user'],
  usage: 'delete-user --username U --yes',
  summary:
    'deletes the account as the member deleting it would: their sessions end, what is only theirs goes, what they made for others stays unsigned, the username stays reserved',
  options: { username: { type: 'string' }, yes: { type: 'boolean' } },
  async run(values, context) {
    if (values.yes !== true) throw new UsageError('--yes: is required (deleting an account cannot be undone)');
    const { endAccountSessions, eraseAccount } = await authModule();
    return withRunningNodes(context, async (nodes) => {
      const account = await findUser(nodes.db, values.username);
      await endAccountSessions(nodes, account.id, 'account_deleted');
      await eraseAccount(nodes.db, account);
      return `deleted user ${String(values.username)} (id ${account.id})`;
    });
  },
};

/**
 * `uploads copy --to s3://bucket/prefix` (or a folder): copies the configured uploads storage (UPLOADS_URL, by default
 * DATA_DIR/uploads) into another, printing its progress; run again, it copies only what is missing.
 */
async function copyUploads(values: Values, context: CommandContext): Promise<string> {
  if (typeof values.to !== 'string')
    throw new UsageError('--to: is required (an s3://bucket/prefix, an absolute path or a file:// URL)');
  const config = loadConfig(context.env);
  let target;
  try {
    target = loadConfig({ ...context.env, UPLOADS_URL: values.to });
  } catch (error) {
    if (error instanceof ConfigError)
      throw new UsageError(`--to: ${error.message.replace(/^Invalid configuration: UPLOADS_URL=/, '')}`);
    throw error;
  }
  // loaded here, so create-user does not load sharp and the S3 SDK.
  const [{ openUploadStorage }, { copyUploads: copyAll }] = await Promise.all([
    import('../features/uploads/index.js'),
    import('../features/uploads/storage/copy.js'),
  ]);
  const from = openUploadStorage(config);
  const to = openUploadStorage(target);
  try {
    if (from.location === to.location) throw new UsageError(`--to: ${values.to} is where the uploads already are`);
    context.progress(`copying ${from.location} to ${to.location}`);
    const done = await copyAll(from, to, (progress) => {
      if (progress.done % 50 === 0 || progress.done === progress.total) {
        context.progress(
          `${progress.done}/${progress.total} (copied ${progress.copied}, already there ${progress.skipped})`,
        );
      }
    }).catch((error: unknown) => {
      if (!(error instanceof HttpError)) throw error;
      const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
      throw new UsageError(`the uploads storage did not answer${cause} (run the command again to go on)`);
    });
    return `copied ${done.copied} of ${done.total} files to ${to.location} (${done.skipped} already there)`;
  } finally {
    await Promise.all([from.close(), to.close()]);
  }
}

const uploadsCopy: Command = {
  words: ['uploads', 'copy'],
  usage: 'uploads copy --to s3://bucket/prefix|/absolute/folder|file://…',
  summary: 'copies the uploads storage into another; run again, it copies only what is missing',
  options: { to: { type: 'string' } },
  run: copyUploads,
};

/** The backup functions, loaded when a backup command runs (they bring the database and storage layers). */
async function backupModule() {
  const module = await import('../backup.js');
  const known = <T>(work: Promise<T>) =>
    work.catch((error: unknown) => {
      throw error instanceof module.BackupProblem ? new UsageError(error.message) : error;
    });
  return { ...module, known };
}

const backupCommand: Command = {
  words: ['backup'],
  usage: 'backup --to DIR [--logical]',
  summary:
    'a consistent copy of the database and the uploads, with a manifest of checksums, while the site runs (--logical: PostgreSQL table by table, without pg_dump)',
  options: { to: { type: 'string' }, logical: { type: 'boolean' } },
  async run(values, context) {
    if (typeof values.to !== 'string') throw new UsageError('--to: is required (a new or empty folder)');
    const { backup, known } = await backupModule();
    const dir = path.resolve(values.to);
    const manifest = await known(
      backup(loadConfig(context.env), dir, { logical: values.logical === true, progress: context.progress }),
    );
    return `backed up the ${manifest.database.dialect} database (${manifest.database.format}) and ${manifest.uploads} uploads into ${dir}`;
  },
};

const restoreCommand: Command = {
  words: ['restore'],
  usage: 'restore --from DIR [--force]',
  summary: 'restores a backup into the configured database and uploads, which must be empty (--force replaces them)',
  options: { from: { type: 'string' }, force: { type: 'boolean' } },
  async run(values, context) {
    if (typeof values.from !== 'string') throw new UsageError('--from: is required (a folder made by backup)');
    const { restore, known } = await backupModule();
    const dir = path.resolve(values.from);
    const manifest = await known(
      restore(loadConfig(context.env), dir, { force: values.force === true, progress: context.progress }),
    );
    return `restored the backup of ${manifest.createdAt} (${manifest.uploads} uploads) from ${dir}`;
  },
};

const dbCopyCommand: Command = {
  words: ['db', 'copy'],
  usage: 'db copy --to postgres://…',
  summary:
    'copies the SQLite site of DATA_DIR into an empty PostgreSQL database (run it again to finish an interrupted copy); the nodes stopped',
  options: { to: { type: 'string' } },
  async run(values, context) {
    if (typeof values.to !== 'string') throw new UsageError('--to: is required (postgres://… of an empty database)');
    const { known } = await backupModule();
    const { copyToPostgres } = await import('./db-copy.js');
    const result = await known(copyToPostgres(loadConfig(context.env), values.to, { progress: context.progress }));
    return `${result.resumed ? 'finished the copy of' : 'copied'} ${result.tables} tables (${result.rows} rows) into PostgreSQL, row counts checked; set DATABASE_URL to it and start the nodes`;
  },
};

const vapidKeysCommand: Command = {
  words: ['vapid-keys'],
  usage: 'vapid-keys',
  summary:
    "prints a new VAPID key pair for web push, to put in every node's environment (the same pair on all of them)",
  options: {},
  async run() {
    const { default: webpush } = await import('web-push');
    const pair = webpush.generateVAPIDKeys();
    return `VAPID_PUBLIC_KEY=${pair.publicKey}\nVAPID_PRIVATE_KEY=${pair.privateKey}`;
  },
};

const commands: Command[] = [
  createUser,
  resetPassword,
  setRole,
  listUsers,
  deleteUser,
  uploadsCopy,
  backupCommand,
  restoreCommand,
  dbCopyCommand,
  vapidKeysCommand,
];

/** Every command with its usage and what it does: `npm run admin -- --help`. */
function overview(): string {
  return [
    'usage: npm run admin -- <command> [options]   (each command takes --help)',
    '',
    ...commands.map((command) => `  ${command.usage}\n      ${command.summary}`),
    '',
    "Commands use the server's configuration: DATA_DIR, DATABASE_URL, UPLOADS_URL… from the environment.",
  ].join('\n');
}

/**
 * Runs `npm run admin -- …` from its arguments: the line (or lines) to print, or a UsageError for what the operator
 * can fix. `--help` (alone, or after a command) answers the usage.
 */
export async function runAdminCommand(argv: string[], context: CommandContext): Promise<string> {
  const words = argv.filter((arg) => !arg.startsWith('-'));
  const command = commands.find((candidate) => candidate.words.every((word, index) => words[index] === word));
  const help = argv.includes('--help') || argv.includes('-h');
  if (!command) {
    if (help || argv.length === 0) return overview();
    throw new UsageError(`unknown command "${words.join(' ')}" (npm run admin -- --help lists them)`);
  }
  const usage = `usage: npm run admin -- ${command.usage}`;
  if (help) return `${usage}\n  ${command.summary}`;
  if (argv.some((arg) => arg === '--password' || arg.startsWith('--password='))) {
    throw new UsageError(
      '--password: is never taken from the command line (it would stay in the shell history); it is asked, or read from standard input',
    );
  }
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: command.options });
  } catch (error) {
    throw new UsageError(`${errorMessage(error) ?? String(error)} (${usage})`);
  }
  if (parsed.positionals.length !== command.words.length)
    throw new UsageError(`unexpected "${parsed.positionals.slice(command.words.length).join(' ')}" (${usage})`);
  return command.run(parsed.values, context);
}
