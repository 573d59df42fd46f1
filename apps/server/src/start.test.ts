import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverEntry } from '../../../scripts/build-state.mjs';
import { runAdminCommand } from './scripts/admin-commands.js';
import { multipartBody } from './test/multipart.js';
import { buildIfStale, childEnv, collect, repoRoot, signInOver } from './test/process.js';
import { freePort } from './test/server-process.js';

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether something accepts connections on the port (the probe's own connection is closed at once). */
const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('npm start', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  beforeAll(() => {
    expect(buildIfStale()).toBe(0);
  }, 300_000);
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-start-'));
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves the built tree without building, and on SIGTERM to npm lets an upload under way finish, then leaves nothing running', async () => {
    const builtAt = statSync(serverEntry).mtimeMs;
    const port = await freePort();
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: 's'.repeat(40),
      DEMO_CONTENT: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    };
    await runAdminCommand(['create-user', '--username', 'ana', '--email', 'ana@example.com'], {
      env,
      password: async () => 'a long passphrase',
      progress: () => {},
    });
    child = spawn('npm', ['start'], { cwd: repoRoot, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = collect(child);
    const url = `http://127.0.0.1:${port}`;
    await until('the node to be ready', () =>
      fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      ),
    );
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const token = await signInOver(url, 'ana', 'a long passphrase');
    const body = multipartBody({
      files: [
        {
          field: 'profile_picture',
          filename: 'me.png',
          type: 'image/png',
          data: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
            .png()
            .toBuffer(),
        },
      ],
    });
    let started = () => {};
    const connected = new Promise<void>((resolve) => (started = resolve));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${url}/api/upload-profile-picture`, {
        method: 'POST',
        headers: { ...body.headers, authorization: `Bearer ${token}`, 'content-length': body.payload.length },
      });
      request.once('response', (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.once('end', () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.once('error', reject);
      request.once('socket', (socket) => socket.once('connect', () => started()));
      request.write(body.payload.subarray(0, 100));
      // the rest of the body goes only once the node has stopped listening: the upload is under way through the drain.
      void until('the node to stop listening', async () => !(await portOpen(port)), 10_000).then(
        () => request.end(body.payload.subarray(100)),
        reject,
      );
    });
    await connected;
    // one answer on another connection after the upload's headers went out: the node has read them by then.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    child.kill('SIGTERM');
    const uploaded = await answer;
    expect(uploaded.status, uploaded.text).toBe(200);
    expect(JSON.parse(uploaded.text)).toMatchObject({ message: 'profile_picture_updated' });

    const result = await exited;
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(await portOpen(port)).toBe(false);
    expect(result.stdout).not.toMatch(/npm run build|vite/);
    expect(statSync(serverEntry).mtimeMs).toBe(builtAt);
    const lines = result.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.msg === `Papo is ready at ${url}`)).toMatchObject({
      database: 'sqlite',
      redis: 'off',
      environment: 'production',
    });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['shutting down', 'stopped']));
  }, 120_000);

  it('imports only runtime dependencies, so `npm ci --omit=dev` on the built tree runs it', () => {
    const manifest = (file: string) =>
      JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as { dependencies?: Record<string, string> };
    const runtime = new Set(
      ['apps/server/package.json', 'apps/web/package.json', 'packages/contract/package.json', 'package.json'].flatMap(
        (file) => Object.keys(manifest(file).dependencies ?? {}),
      ),
    );
    const builtins = new Set(builtinModules);
    const imported = new Set<string>();
    const bundles = [
      ...readdirSync(path.dirname(serverEntry))
        .filter((name) => name.endsWith('.mjs'))
        .map((name) => path.join(path.dirname(serverEntry), name)),
      ...readdirSync(path.join(repoRoot, 'apps/web/dist/ssr'))
        .filter((name) => name.endsWith('.js'))
        .map((name) => path.join(repoRoot, 'apps/web/dist/ssr', name)),
    ];
    for (const file of bundles) {
      for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(
        /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^import\s*)["']([^"'./][^"']*)["']/gm,
      )) {
        if (
          specifier.startsWith('node:') ||
          builtins.has(specifier) ||
          !/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/.test(specifier)
        )
          continue;
        imported.add(
          specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/'),
        );
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    expect([...imported].filter((name) => !runtime.has(name))).toEqual([]);
  });
});
