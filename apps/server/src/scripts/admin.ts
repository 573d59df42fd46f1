import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema, roles, signupBody, usernameSchema } from '@papo/contract/auth';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { isUniqueViolation } from '../db/values.js';
import { findTakenKeys, insertUser } from '../features/users/repo.js';
import { hashPassword } from '../lib/passwords.js';

const usage =
  'usage: npm run admin -- create-user --username U --email E --password P [--name N] [--role ROLE_ADMIN|ROLE_MODERATOR]';

const createUserArgs = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The display name; the username when left out. */
  name: signupBody.shape.name.optional(),
  role: z.enum([roles.admin, roles.moderator], { message: 'must be ROLE_ADMIN or ROLE_MODERATOR' }).optional(),
});

/** A problem the operator can fix; printed as one line without a stack. */
class UsageError extends Error {}

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
    throw new UsageError(`${(error as Error).message} (${usage})`);
  }
  const [command, ...rest] = parsed.positionals;
  if (command !== 'create-user' || rest.length) {
    throw new UsageError(`${command ? `unknown command "${[command, ...rest].join(' ')}"` : 'no command'} (${usage})`);
  }
  const checked = createUserArgs.safeParse(parsed.values);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new UsageError(`--${issue.path.join('.')}: ${describe(issue.message)}`);
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

async function createUser(argv: string[]): Promise<string> {
  const args = readArgs(argv);
  const config = loadConfig();
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

try {
  process.stdout.write(`${await createUser(process.argv.slice(2))}\n`);
} catch (error) {
  const known = error instanceof UsageError || error instanceof ConfigError;
  process.stderr.write(`admin: ${known ? error.message : `failed: ${error instanceof Error ? error.message : String(error)}`}\n`);
  process.exitCode = 1;
}
