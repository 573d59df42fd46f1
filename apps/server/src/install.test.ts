import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OperationsAnswer } from '@papo/contract/operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localPrebuild } from './test/prebuilds.js';
import { buildIfStale, childEnv, collect, repoRoot } from './test/process.js';
import { freePort } from './test/server-process.js';

/** scripts/install.sh into a temporary prefix, without root: no user, no systemd. */
describe('the packaged install (scripts/install.sh)', () => {
  let dir: string;
  let prefix: string;
  let envFile: string;
  let dataDir: string;
  let installEnv: NodeJS.ProcessEnv;
  const installer = path.join(repoRoot, 'scripts/install.sh');
  const runInstall = (...extra: string[]) =>
    spawnSync(
      installer,
      ['--prefix', prefix, '--env-file', envFile, '--data-dir', dataDir, '--no-user', '--no-systemd', ...extra],
      { cwd: repoRoot, env: installEnv, encoding: 'utf8' },
    );

  beforeAll(async () => {
    expect(buildIfStale()).toBe(0);
    dir = await mkdtemp(path.join(tmpdir(), 'papo-installer-'));
    prefix = path.join(dir, 'srv/papo');
    envFile = path.join(dir, 'etc/papo/papo.env');
    dataDir = path.join(dir, 'var/lib/papo');
    const prebuilds = path.join(dir, 'prebuilds');
    await mkdir(prebuilds);
    installEnv = childEnv({
      npm_config_offline: 'true',
      npm_config_better_sqlite3_local_prebuilds: localPrebuild(prebuilds),
    });
  }, 300_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('--dry-run says what it would do and changes nothing', () => {
    const dry = runInstall('--dry-run');
    expect(dry.status, dry.stdout + dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/\[dry run\] install .*srv\/papo/);
    expect(dry.stdout).toMatch(/\[dry run\] environment file/);
    expect(existsSync(prefix)).toBe(false);
    expect(existsSync(envFile)).toBe(false);
  });

  it('refuses an unknown flag in one line', () => {
    const wrong = runInstall('--prefx');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr.trim()).toBe('Could not install Papo: unknown option --prefx (--help lists them)');
  });

  it('installs a node that starts from its environment file and answers /readyz, then upgrades in place', async () => {
    const first = runInstall();
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain(`Papo is installed in ${prefix}`);
    expect(statSync(envFile).mode & 0o777).toBe(0o600);
    for (const devOnly of ['vite', 'vitest', 'eslint'])
      expect(existsSync(path.join(prefix, 'node_modules', devOnly)), devOnly).toBe(false);

    const port = await freePort();
    // The start line the installer prints without systemd; PORT from the environment wins over the file's.
    const node = spawn(process.execPath, [`--env-file=${envFile}`, 'apps/server/dist/main.mjs'], {
      cwd: prefix,
      env: childEnv({ PORT: String(port) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = collect(node);
    try {
      let ready: Response | undefined;
      while (node.exitCode === null && !ready?.ok) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      }
      expect(node.exitCode).toBeNull();
      expect(await ready?.json()).toEqual({ status: 'ready' });

      // The operations screen tells the installed build from a node run from its sources.
      const admin = spawnSync(
        process.execPath,
        [
          'scripts/admin.mjs',
          '--env-file',
          envFile,
          'create-user',
          '--username',
          'ops',
          '--email',
          'o@example.com',
          '--role',
          'ROLE_ADMIN',
        ],
        { cwd: prefix, env: childEnv({}), input: 'installed passphrase\n', encoding: 'utf8' },
      );
      expect(admin.status, admin.stderr).toBe(0);
      const login = await fetch(`http://127.0.0.1:${port}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'ops', password: 'installed passphrase' }),
      });
      const { token } = (await login.json()) as { token: string };
      const operations = await fetch(`http://127.0.0.1:${port}/api/operations`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { nodes } = (await operations.json()) as OperationsAnswer;
      const built = statSync(path.join(prefix, 'apps/server/dist/main.mjs')).mtimeMs;
      expect(Math.abs(Date.parse(nodes[0]?.builtAt ?? '') - built)).toBeLessThan(60_000);
    } finally {
      node.kill('SIGTERM');
    }
    const result = await exited;
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(existsSync(path.join(dataDir, 'papo.sqlite'))).toBe(true);

    // An operator's edit and the site's data survive a second run, which upgrades the code in place.
    const edited = `${readFileSync(envFile, 'utf8')}\nMETRICS_TOKEN=kept-by-the-upgrade-1234\n`;
    writeFileSync(envFile, edited);
    const stale = path.join(prefix, 'apps/web/dist/assets/left-from-the-last-release.js');
    writeFileSync(stale, '');
    const second = runInstall();
    expect(second.status, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain(`${envFile} exists: kept.`);
    expect(second.stdout).toContain(`Papo is upgraded in ${prefix}`);
    expect(readFileSync(envFile, 'utf8')).toBe(edited);
    expect(existsSync(path.join(dataDir, 'papo.sqlite'))).toBe(true);
    expect(existsSync(stale)).toBe(false);
  }, 600_000);
});
