import type { Page } from 'playwright-core';
import { runAdminCommand } from '../../apps/server/src/scripts/admin-commands.js';
import { expectPath } from './expect-page.js';
import type { RunningServer } from './server.js';

/** A verified account the spec creates before it logs in. */
export interface Account {
  username: string;
  email: string;
  password: string;
  role?: 'ROLE_MODERATOR' | 'ROLE_ADMIN';
}

/**
 * Creates the account with the operator command's own code (`npm run admin -- create-user`, admin-commands.ts), run
 * here rather than in a process of its own (a Node and tsx start per account cost the suite CPU for nothing), on
 * the running server's data folder or database. The command's process is tested in scripts/admin.test.ts.
 */
export async function createUser(server: RunningServer, account: Account): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: server.dataDir };
  // the server was started on E2E_DATABASE_URL (or SQLite in DATA_DIR), never on a developer's own DATABASE_URL.
  delete env.DATABASE_URL;
  if (process.env.E2E_DATABASE_URL) env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  const args = ['create-user', '--username', account.username, '--email', account.email];
  if (account.role) args.push('--role', account.role);
  await runAdminCommand(args, { env, password: async () => account.password, progress: () => {} });
}

/**
 * Makes a test's accounts afresh for each try, names ending in the try's number from the second on (`ana`, `ana2`).
 * the e2e project runs a failed test once more; a second try with the first try's members would find what the
 * first left (bells rung, a ban, a conversation open) and could never pass.
 */
export function accountsPerTry<K extends string>(
  server: () => RunningServer,
  make: (suffix: string) => Record<K, Account>,
): () => Promise<Record<K, Account>> {
  let tries = 0;
  return async () => {
    tries += 1;
    const accounts = make(tries === 1 ? '' : String(tries));
    for (const account of Object.values<Account>(accounts)) await createUser(server(), account);
    return accounts;
  };
}

/** Logs in through the form on /login and waits for the redirect to /profile. */
export async function logIn(page: Page, account: Pick<Account, 'username' | 'password'>): Promise<void> {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await form.locator('input[name="username"]').fill(account.username);
  await form.locator('input[type="password"]').fill(account.password);
  await form.locator('button[type="submit"]').click();
  await expectPath(page, '/profile');
}

/** Logs the account in over the API (no browser) and answers its access token, for calls a test makes itself. */
export async function apiToken(
  server: RunningServer,
  account: Pick<Account, 'username' | 'password'>,
): Promise<string> {
  const response = await fetch(`${server.url}/api/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  return ((await response.json()) as { token: string }).token;
}
