import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { socketPath } from '@papo/contract/socket-events';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from './scripts/admin-commands.js';
import { repoRoot, signInOver } from './test/process.js';
import { freePort, startServerProcess, stopServerProcess, type ServerProcess } from './test/server-process.js';
import { waitFor } from './realtime/test-support.js';

const nginxBinary = '/usr/sbin/nginx';
const secret = 'n'.repeat(40);

/** GET through the proxy from a given loopback address (127.0.0.2, …): the address the proxy sees as the client's. */
function get(
  port: number,
  url: string,
  localAddress = '127.0.0.1',
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    https
      .get(
        {
          host: '127.0.0.1',
          port,
          path: url,
          localAddress,
          rejectUnauthorized: false,
          headers: { host: 'papo.example.com' },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.once('end', () =>
            resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type']), body }),
          );
        },
      )
      .once('error', reject);
  });
}

/*
 * deploy/nginx.conf as shipped, with only what a test machine must change: the upstream is one node this test starts,
 * the HTTPS port is a free one with a certificate made here, and nginx's own files go into a temporary folder.
 */
describe.skipIf(!existsSync(nginxBinary))('deploy/nginx.conf in front of a node', () => {
  let dir: string;
  let node: ServerProcess;
  let nginx: ChildProcess;
  let port: number;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'papo-nginx-'));
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=papo.example.com',
        '-days',
        '1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    expect(made.status).toBe(0);
    node = await startServerProcess({ TRUST_PROXY: '1', JWT_SECRET: secret, NODE_ENV: 'production' });
    port = await freePort();
    const site = (await readFile(path.join(repoRoot, 'deploy/nginx.conf'), 'utf8'))
      .replace(/^\s*server 10\.0\.0\.12:3000.*\n/m, '')
      .replace('server 10.0.0.11:3000', `server ${new URL(node.url).host}`)
      .replace(/^\s*listen \[::\].*\n/gm, '')
      .replace('listen 80;', `listen 127.0.0.1:${await freePort()};`)
      .replace('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`)
      .replace('/etc/letsencrypt/live/papo.example.com/fullchain.pem', path.join(dir, 'cert.pem'))
      .replace('/etc/letsencrypt/live/papo.example.com/privkey.pem', path.join(dir, 'key.pem'));
    const temp = (name: string) => `${name} ${path.join(dir, name)};`;
    await writeFile(path.join(dir, 'site.conf'), site);
    await writeFile(
      path.join(dir, 'nginx.conf'),
      `daemon off;\npid ${path.join(dir, 'nginx.pid')};\nerror_log stderr warn;\nevents {}\nhttp {\n  access_log off;\n  ${['client_body_temp_path', 'proxy_temp_path', 'fastcgi_temp_path', 'uwsgi_temp_path', 'scgi_temp_path'].map(temp).join('\n  ')}\n  include ${path.join(dir, 'site.conf')};\n}\n`,
    );
    nginx = spawn(nginxBinary, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    nginx.stderr?.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    await waitFor(
      'nginx to answer',
      async () => {
        if (nginx.exitCode !== null) throw new Error(`nginx exited: ${errors}`);
        return get(port, '/healthz').then(
          (answer) => answer.status === 200,
          () => false,
        );
      },
      20_000,
    );
  }, 120_000);
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGTERM');
      await new Promise((resolve) => nginx.once('exit', resolve));
    }
    if (node) await stopServerProcess(node);
    await rm(dir, { recursive: true, force: true });
  });

  it('passes pages, the API and Socket.IO through, and the per-address limits count the client’s address', async () => {
    const robots = await get(port, '/robots.txt');
    expect([robots.status, robots.type]).toEqual([200, expect.stringMatching(/^text\/plain/)]);
    const api = await get(port, '/api/check-username?username=ana');
    expect([api.status, api.type]).toEqual([200, expect.stringMatching(/^application\/json/)]);

    const password = 'Lua-cheia-sobre-o-rio-42';
    await runAdminCommand(['create-user', '--username', 'ana', '--email', 'ana@example.com'], {
      env: { DATA_DIR: node.dataDir },
      password: async () => password,
      progress: () => {},
    });
    const token = await signInOver(node.url, 'ana', password);
    const socket = io(`https://127.0.0.1:${port}`, {
      path: socketPath,
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
      rejectUnauthorized: false,
      extraHeaders: { host: 'papo.example.com' },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      expect(socket.io.engine.transport.name).toBe('websocket');
    } finally {
      socket.close();
    }

    // check-username allows 60 a minute per address: one client uses them all up, another is still answered.
    const answers = await Promise.all(
      Array.from({ length: 61 }, () => get(port, '/api/check-username?username=bea', '127.0.0.2')),
    );
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThan(0);
    expect((await get(port, '/api/check-username?username=bea', '127.0.0.3')).status).toBe(200);
  });
});
