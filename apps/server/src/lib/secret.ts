import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const minLength = 32;

/**
 * The JWT signing secret: JWT_SECRET when configured, else one generated on first start into
 * `DATA_DIR/jwt-secret` (owner-only) and reused, so tokens survive restarts without any setup.
 */
export async function resolveJwtSecret(opts: { configured?: string; dataDir: string }): Promise<string> {
  if (opts.configured) return opts.configured;
  const file = path.join(opts.dataDir, 'jwt-secret');
  await mkdir(opts.dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    // NOTE: link() publishes the complete file atomically and fails when one exists, so two
    // processes starting together both end up with the first one's secret.
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  const secret = (await readFile(file, 'utf8')).trim();
  if (secret.length < minLength) throw new Error(`${file} holds a secret shorter than ${minLength} characters`);
  return secret;
}
