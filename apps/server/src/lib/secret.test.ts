import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from './secret.js';

describe('resolveJwtSecret', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'papo-secret-')), 'data');
  });
  afterEach(() => rm(path.dirname(dataDir), { recursive: true, force: true }));

  it('uses JWT_SECRET when configured and writes nothing', async () => {
    expect(await resolveJwtSecret({ configured: 'c'.repeat(40), dataDir })).toBe('c'.repeat(40));
    await expect(stat(path.join(dataDir, 'jwt-secret'))).rejects.toThrow();
  });

  it('generates one owner-only secret and reuses it, even when asked concurrently', async () => {
    const secrets = await Promise.all(Array.from({ length: 5 }, () => resolveJwtSecret({ dataDir })));
    expect(new Set(secrets).size).toBe(1);
    expect(secrets[0]).toMatch(/^[A-Za-z0-9_-]{64}$/);
    const file = path.join(dataDir, 'jwt-secret');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await resolveJwtSecret({ dataDir })).toBe(secrets[0]);
    expect(await readFile(file, 'utf8')).toBe(secrets[0]);
  });

  it('refuses a stored secret that is too short', async () => {
    await resolveJwtSecret({ dataDir });
    await writeFile(path.join(dataDir, 'jwt-secret'), 'short');
    await expect(resolveJwtSecret({ dataDir })).rejects.toThrow(/shorter than 32/);
  });
});
