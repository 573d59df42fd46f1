import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema, roles, signupBody, usernameSchema } from '@papo/contract/auth';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.js';
import { HttpError } from '../lib/http-error.js';
import { errorMessage } from '../lib/error-code.js';

const usage =
  'usage: npm run admin -- create-user --username U --email E --password P [--name N] [--role ROLE_ADMIN|ROLE_MODERATOR] | uploads copy --to UPLOADS_URL';

const createUserArgs = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The display name; the username when left out. */
  name: signupBody.shape.name.optional(),
  role: z.enum([roles.admin, roles.moderator], { message: 'must be ROLE_ADMIN or ROLE_MODERATOR' }).optional(),
});

/** A problem the operator can fix; printed as one line without a stack. */
export class UsageError extends Error {}

function readArgs(argv: string[]): z.output<typeof createUserArgs> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
      },
    });
  } catch (error) {
    throw new UsageError(`${errorMessage(error) ?? String(error)} (${usage})`);
  }
  const [command, ...rest] = parsed.positionals;
  if (command !== 'create-user' || rest.length) {
    throw new UsageError(`${command ? `unknown command "${[command, ...rest].join(' ')}"` : 'no command'} (${usage})`);
  }
  const checked = createUserArgs.safeParse(parsed.values);
  if (!checked.success) {
    const [issue] = checked.error.issues;
    throw new UsageError(issue ? `--${issue.path.join('.')}: ${describe(issue.message)}` : checked.error.message);
  }
  return checked.data;
}

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

/**
 * `create-user …`: a verified account on the configured database (`env`'s DATABASE_URL, or DATA_DIR's SQLite file).
 * Answers the line to print; throws a UsageError for what the operator can fix.
 */
export async function createUserCommand(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const args = readArgs(argv);
  const config = loadConfig(env);
  // NOTE: loaded once the arguments are known good, so a mistyped command answers without loading the database layer.
  const [{ openDatabase }, { migrateToLatest }, { isUniqueViolation }, { findTakenKeys, insertUser }, { hashPassword }] = await Promise.all([
    import('../db/database.js'),
    import('../db/migrate.js'),
    import('../db/values.js'),
    import('../features/users/repo.js'),
    import('../lib/passwords.js'),
  ]);
  if (!config.DATABASE_URL) await mkdir(config.DATA_DIR, { recursive: true });
  const handle = openDatabase(
    config.DATABASE_URL ? { url: config.DATABASE_URL } : { sqliteFile: path.join(config.DATA_DIR, 'papo.sqlite') },
  );
  try {
    await migrateToLatest(handle.db);
    const taken = await findTakenKeys(handle.db, args.username, args.email);
    if (taken.username) throw new UsageError(`username "${args.username}" is already taken`);
    if (taken.email) throw new UsageError(`e-mail "${args.email}" is already registered`);
    const userRoles = [roles.user, ...(args.role ? [args.role] : [])];
    const id = await insertUser(handle.db, {
      name: args.name ?? args.username,
      username: args.username,
      email: args.email,
      passwordHash: await hashPassword(args.password),
      roles: userRoles,
      verified: true,
    }).catch((error: unknown) => {
      // Another process may have taken the name between the check and the insert.
      throw isUniqueViolation(error) ? new UsageError('username or e-mail is already registered') : error;
    });
    return `created user ${args.username} (id ${id}) with roles ${userRoles.join(', ')}`;
  } finally {
    await handle.close();
  }
}

/**
 * `uploads copy --to s3://bucket/prefix` (or a folder): copies the configured uploads storage (UPLOADS_URL, by default
 * DATA_DIR/uploads) into another, printing its progress; run again, it copies only what is missing.
 */
export async function copyUploadsCommand(argv: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { to: { type: 'string' } } });
  } catch (error) {
    throw new UsageError(`${errorMessage(error) ?? String(error)} (${usage})`);
  }
  if (parsed.positionals.join(' ') !== 'uploads copy') throw new UsageError(`unknown command "${parsed.positionals.join(' ')}" (${usage})`);
  if (!parsed.values.to) throw new UsageError('--to: is required (an s3://bucket/prefix, an absolute path or a file:// URL)');
  const config = loadConfig();
  let target;
  try {
    target = loadConfig({ ...process.env, UPLOADS_URL: parsed.values.to });
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(`--to: ${error.message.replace(/^Invalid configuration: UPLOADS_URL=/, '')}`);
    throw error;
  }
  // NOTE: loaded here, so create-user does not load sharp and the S3 SDK.
  const [{ openUploadStorage }, { copyUploads }] = await Promise.all([import('../lib/uploads.js'), import('../lib/uploads/copy.js')]);
  const from = openUploadStorage(config);
  const to = openUploadStorage(target);
  try {
    if (from.location === to.location) throw new UsageError(`--to: ${parsed.values.to} is where the uploads already are`);
    process.stdout.write(`copying ${from.location} to ${to.location}\n`);
    const done = await copyUploads(from, to, (progress) => {
      if (progress.done % 50 === 0 || progress.done === progress.total) {
        process.stdout.write(`${progress.done}/${progress.total} (copied ${progress.copied}, already there ${progress.skipped})\n`);
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
