// The install script's pure parts, and the Dockerfile kept to the same build as the script so the two cannot drift.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildCommands,
  environmentFile,
  runtimeInstall,
  runtimeParts,
  satisfies,
  serviceUnit,
  vapidKeys,
} from './install.mjs';

const root = new URL('..', import.meta.url);
const read = (path) => readFileSync(new URL(path, root), 'utf8');

/** The Dockerfile's instructions by stage, continuation lines joined and comments left out. */
function dockerStages() {
  const stages = [];
  for (const line of read('Dockerfile')
    .replace(/\\\n\s*/g, '')
    .split('\n')) {
    const [, instruction, rest] = /^([A-Z]+)\s+(.*)$/.exec(line.trim()) ?? [];
    if (!instruction) continue;
    if (instruction === 'FROM') stages.push([]);
    stages.at(-1)?.push({ instruction, rest });
  }
  return stages;
}

describe('the install script', () => {
  it('reads the engines range as npm does for the forms package.json uses', () => {
    const range = JSON.parse(read('package.json')).engines.node;
    expect(satisfies('20.19.0', range)).toBe(true);
    expect(satisfies('22.12.5', range)).toBe(true);
    expect(satisfies('24.18.9', range)).toBe(true);
    expect(satisfies('20.18.9', range)).toBe(false);
    expect(satisfies('21.7.0', range)).toBe(false);
    expect(satisfies('24.19.0', range)).toBe(false);
    expect(satisfies('18.20.0', range)).toBe(false);
  });

  it('writes a single-node environment with fresh secrets the configuration accepts', () => {
    const first = environmentFile(read('deploy/papo.env'), { dataDir: '/data/papo' });
    const second = environmentFile(read('deploy/papo.env'), { dataDir: '/data/papo' });
    const value = (text, name) => new RegExp(`^${name}=(.*)$`, 'm').exec(text)?.[1];
    expect(value(first, 'DATA_DIR')).toBe('/data/papo');
    expect(value(first, 'HOST')).toBe('127.0.0.1');
    expect(value(first, 'JWT_SECRET')).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(value(first, 'JWT_SECRET')).not.toBe(value(second, 'JWT_SECRET'));
    expect(value(first, 'VAPID_PUBLIC_KEY')).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(value(first, 'VAPID_PRIVATE_KEY')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const cluster of ['DATABASE_URL', 'REDIS_URL', 'UPLOADS_URL', 'SMTP_URL', 'AWS_ACCESS_KEY_ID'])
      expect(value(first, cluster), cluster).toBeUndefined();
    expect(first).not.toMatch(/^[A-Z_]+=.*CHANGE-ME/m);
  });

  it('makes VAPID keys whose public point belongs to the private scalar', () => {
    const { publicKey, privateKey } = vapidKeys();
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
  });

  it("fills the systemd unit with the install's folders, user and Node", () => {
    const unit = serviceUnit(read('deploy/papo.service'), {
      prefix: '/opt/papo',
      envFile: '/etc/papo/site.env',
      dataDir: '/data/papo',
      user: 'site',
      node: '/usr/local/bin/node',
    });
    expect(unit).toMatch(/^WorkingDirectory=\/opt\/papo$/m);
    expect(unit).toMatch(/^EnvironmentFile=\/etc\/papo\/site\.env$/m);
    expect(unit).toMatch(/^ReadWritePaths=\/data\/papo$/m);
    expect(unit).toMatch(/^User=site$/m);
    expect(unit).toMatch(/^ExecStart=\/usr\/local\/bin\/node apps\/server\/dist\/main\.mjs$/m);
  });
});

describe('the Dockerfile', () => {
  const [build, runtime] = dockerStages();

  it('has a build stage and a runtime stage', () => {
    expect(dockerStages()).toHaveLength(2);
    expect(build[0].rest).toMatch(/ AS build$/);
  });

  it('builds with the commands the install script runs', () => {
    const runs = build.filter((step) => step.instruction === 'RUN').map((step) => step.rest);
    expect(runs).toEqual(buildCommands.map((command) => command.join(' ')));
  });

  it('copies only files that exist into the build', () => {
    for (const step of build.filter((each) => each.instruction === 'COPY')) {
      const sources = step.rest.split(/\s+/).slice(0, -1);
      for (const source of sources) expect(existsSync(new URL(source, root)), source).toBe(true);
    }
  });

  it('keeps exactly the parts a node runs, with runtime dependencies only', () => {
    const copied = runtime
      .filter((step) => step.instruction === 'COPY')
      .map((step) => /^--from=build \/src\/(\S+) \/srv\/papo\/(\S+)$/.exec(step.rest));
    for (const match of copied) expect(match?.[1]).toBe(match?.[2]);
    expect(copied.map((match) => match?.[1])).toEqual(runtimeParts);
    const runs = runtime.filter((step) => step.instruction === 'RUN').map((step) => step.rest);
    expect(runs[0]?.startsWith(`${runtimeInstall.join(' ')} `)).toBe(true);
    for (const part of runtimeParts.filter((each) => !each.endsWith('/dist')))
      expect(existsSync(new URL(part, root)), part).toBe(true);
  });

  it('runs as a user, keeps DATA_DIR in a volume and checks /readyz', () => {
    const get = (instruction) => runtime.find((step) => step.instruction === instruction)?.rest;
    expect(get('USER')).toBe('node');
    expect(get('VOLUME')).toBe('/var/lib/papo');
    expect(get('ENV')).toContain('DATA_DIR=/var/lib/papo');
    expect(get('HEALTHCHECK')).toContain('/readyz');
    expect(get('CMD')).toBe('["node", "apps/server/dist/main.mjs"]');
  });
});
