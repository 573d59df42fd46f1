import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorCode } from '../db/error-code.js';

const minLength = 32;

/**
 * The text of `DATA_DIR/<name>`, written (owner-only) from `make()` on first use and read back ever after, so a
 * generated secret survives restarts without any setup. Two processes starting together both end up with
 * the first one's text.
 */
export async function keptInDataDir(dataDir: string, name: string, make: () => string): Promise<string> {
  const file = path.join(dataDir, name);
  await mkdir(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, make(), { mode: 0o600 });
  try {
    // link() publishes the complete file atomically and fails when one exists.
    await link(draft, file);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  return (await readFile(file, 'utf8')).trim();
}

/**
 * The JWT signing secret: JWT_SECRET when configured, else one generated on first start into
 * `DATA_DIR/jwt-secret` (owner-only) and reused, so tokens survive restarts without any setup.
 */
export async function resolveJwtSecret(opts: { configured?: string; dataDir: string }): Promise<string> {
  if (opts.configured) return opts.configured;
  const secret = await keptInDataDir(opts.dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url'));
  if (secret.length < minLength)
    throw new Error(`${path.join(opts.dataDir, 'jwt-secret')} holds a secret shorter than ${minLength} characters`);
  return secret;
}
