import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeParts } from '../../../scripts/install.mjs';
import { localPrebuild } from './test/prebuilds.js';
import { buildIfStale, childEnv, collect, repoRoot } from './test/process.js';
import { freePort } from './test/server-process.js';

describe('a production install of the built tree', () => {
  let dir: string;
  beforeAll(async () => {
    expect(buildIfStale()).toBe(0);
    dir = await mkdtemp(path.join(tmpdir(), 'papo-install-'));
  }, 300_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('installs with `npm ci --omit=dev` from the npm cache and starts without building', async () => {
    const tree = path.join(dir, 'papo');
    // times kept, so the copied build is as current as the one it was copied from (npm start checks them).
    for (const part of runtimeParts)
      await cp(path.join(repoRoot, part), path.join(tree, part), { recursive: true, preserveTimestamps: true });
    const prebuilds = path.join(dir, 'prebuilds');
    await mkdir(prebuilds);
    const installing = spawn(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts=false', '--offline', '--no-audit', '--no-fund'],
      {
        cwd: tree,
        env: childEnv({ npm_config_better_sqlite3_local_prebuilds: localPrebuild(prebuilds) }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const installed = await collect(installing);
    expect(installed.code, installed.stdout + installed.stderr).toBe(0);
    expect(existsSync(path.join(tree, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'))).toBe(true);
    for (const devOnly of ['vite', 'vitest', 'eslint', '@vitejs/plugin-react'])
      expect(existsSync(path.join(tree, 'node_modules', devOnly)), devOnly).toBe(false);

    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      JWT_SECRET: 's'.repeat(40),
      DEMO_CONTENT: '0',
      NODE_ENV: 'production',
    };
    // The first administrator is made on the installed node itself, before it serves (operations.md, Admin).
    const admin = (args: string[], input?: string) =>
      spawnSync('npm', ['run', '-s', 'admin', '--', ...args], {
        cwd: tree,
        env: childEnv(env),
        input,
        encoding: 'utf8',
      });
    const created = admin(
      ['create-user', '--username', 'ana', '--email', 'ana@example.com', '--role', 'ROLE_ADMIN'],
      'a-long-password\n',
    );
    expect(created.status, created.stdout + created.stderr).toBe(0);
    expect(admin(['list-users', '--role', 'ROLE_ADMIN']).stdout).toMatch(/\tana\tana@example\.com\t/);

    const node = spawn('npm', ['start'], { cwd: tree, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = collect(node);
    try {
      for (let ready = false; !ready; await new Promise((resolve) => setTimeout(resolve, 100))) {
        if (node.exitCode !== null) break;
        ready = await fetch(`${url}/readyz`).then(
          (res) => res.ok,
          () => false,
        );
      }
      expect(node.exitCode).toBeNull();
      const page = await fetch(`${url}/blog`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      node.kill('SIGTERM');
    }
    const result = await exited;
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).not.toMatch(/npm run build|vite/);
  }, 600_000);
});
