import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve('./data'),
      NODE_ENV: 'development',
      demoContent: true,
      SHUTDOWN_TIMEOUT_MS: 30_000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('makes a relative DATA_DIR absolute, so file serving and uploads work from any working directory', () => {
    expect(loadConfig({ DATA_DIR: 'var/papo' }).DATA_DIR).toBe(path.resolve('var/papo'));
    expect(path.isAbsolute(loadConfig({}).DATA_DIR)).toBe(true);
  });

  it('refuses PORT=abc with one line naming the variable', () => {
    const error = configError({ PORT: 'abc' });
    expect(error.message).toMatch(/^Invalid configuration: PORT="abc" /);
    expect(error.message).not.toContain('\n');
  });

  it('refuses a TRUST_PROXY entry that is no address, network or proxy name with one line naming the variable', () => {
    for (const value of ['banana', '10.0.0.0/8,banana', '10.0.0.0/99', '300.1.1.1']) {
      const error = configError({ TRUST_PROXY: value });
      expect(error.message).toMatch(
        /^Invalid configuration: TRUST_PROXY=".*" must be a hop count or a comma-separated list/,
      );
      expect(error.message).not.toContain('\n');
    }
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(
      loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,::1,fd00::/8,192.168.0.0/255.255.0.0' }).TRUST_PROXY,
    ).toEqual(['loopback', '10.0.0.0/8', '::1', 'fd00::/8', '192.168.0.0/255.255.0.0']);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL with one line', () => {
    const error = configError({ DATABASE_URL: 'foo://x' });
    expect(error.message).toMatch(
      /^Invalid configuration: DATABASE_URL="foo:\/\/x" must be a URL starting with postgres:/,
    );
    expect(error.message).not.toContain('\n');
  });

  it('names the variable and the rule of a refused secret, never its value (nor the password in a URL)', () => {
    const secret = configError({ JWT_SECRET: 'short-secret-value' });
    expect(secret.message).toBe('Invalid configuration: JWT_SECRET=(hidden) must be at least 32 characters');
    const metrics = configError({ METRICS_TOKEN: 'tiny-token' });
    expect(metrics.message).toMatch(/^Invalid configuration: METRICS_TOKEN=\(hidden\) /);
    expect(metrics.message).not.toContain('tiny-token');
    const url = configError({ DATABASE_URL: 'mysql://papo:hunter2hunter2@db/papo' });
    expect(url.message).toMatch(/^Invalid configuration: DATABASE_URL="mysql:\/\/\*\*\*@db\/papo" must be a URL/);
    expect(url.message).not.toContain('hunter2');
  });

  it('leaves IRC off unless IRC_PORT is set, listening on loopback, and checks the TLS pair at start', () => {
    expect(loadConfig({}).IRC_PORT).toBeUndefined();
    expect(loadConfig({ IRC_PORT: '6667' })).toMatchObject({
      IRC_PORT: 6667,
      IRC_HOST: '127.0.0.1',
      IRC_CONNECTIONS_PER_ADDRESS: 10,
    });
    expect(loadConfig({ IRC_CONNECTIONS_PER_ADDRESS: '2000' }).IRC_CONNECTIONS_PER_ADDRESS).toBe(2000);
    expect(loadConfig({ IRC_PORT: '6697', IRC_HOST: '0.0.0.0' }).IRC_HOST).toBe('0.0.0.0');
    expect(configError({ IRC_PORT: 'irc' }).message).toMatch(
      /^Invalid configuration: IRC_PORT="irc" must be a port number/,
    );
    expect(configError({ IRC_TLS_CERT: '/etc/papo/irc.pem' }).message).toBe(
      'Invalid configuration: IRC_TLS_CERT and IRC_TLS_KEY are set together or not at all',
    );
    const missing = path.resolve('no-such-dir/irc.pem');
    expect(configError({ IRC_TLS_CERT: missing, IRC_TLS_KEY: missing }).message).toBe(
      `Invalid configuration: IRC_TLS_CERT=${JSON.stringify(missing)} is not a readable file`,
    );
  });

  it('requires JWT_SECRET in production and turns demo content off there', () => {
    expect(configError({ NODE_ENV: 'production' }).message).toBe(
      'Invalid configuration: JWT_SECRET is required when NODE_ENV=production',
    );
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(config.demoContent).toBe(false);
  });

  it('refuses a LOG_LEVEL it does not know with one line naming it and the allowed levels', () => {
    expect(configError({ LOG_LEVEL: 'verbose' }).message).toBe(
      'Invalid configuration: LOG_LEVEL="verbose" must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });

  it('requires one VAPID pair for the nodes of a production cluster, saying how to make it', () => {
    const cluster = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), REDIS_URL: 'redis://10.0.0.5:6379' };
    expect(configError(cluster).message).toBe(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production and REDIS_URL is set (every node pushes with the same pair): `npm run admin -- vapid-keys` prints one',
    );
    const pair = { VAPID_PUBLIC_KEY: 'B'.repeat(87), VAPID_PRIVATE_KEY: 'p'.repeat(43) };
    expect(loadConfig({ ...cluster, ...pair }).VAPID_PUBLIC_KEY).toBe(pair.VAPID_PUBLIC_KEY);
    // One node, or not production: the pair it makes and keeps in DATA_DIR is the only one.
    expect(loadConfig({ ...cluster, REDIS_URL: '' }).REDIS_URL).toBeUndefined();
    expect(loadConfig({ ...cluster, NODE_ENV: 'development' }).REDIS_URL).toBe(cluster.REDIS_URL);
  });

  it('reads UPLOADS_URL as a folder (absolute path or file:// URL) or an S3 bucket with its prefix', () => {
    expect(loadConfig({}).UPLOADS_URL).toBeUndefined();
    expect(loadConfig({ UPLOADS_URL: '/srv/papo-uploads' }).UPLOADS_URL).toEqual({
      kind: 'folder',
      url: '/srv/papo-uploads',
      root: '/srv/papo-uploads',
    });
    expect(loadConfig({ UPLOADS_URL: 'file:///mnt/shared/uploads' }).UPLOADS_URL).toMatchObject({
      kind: 'folder',
      root: '/mnt/shared/uploads',
    });
    expect(loadConfig({ UPLOADS_URL: 's3://papo-site/uploads/' }).UPLOADS_URL).toMatchObject({
      kind: 's3',
      bucket: 'papo-site',
      prefix: 'uploads/',
    });
    expect(loadConfig({ UPLOADS_URL: 's3://papo-site' }).UPLOADS_URL).toMatchObject({
      kind: 's3',
      bucket: 'papo-site',
      prefix: '',
    });
    expect(loadConfig({ S3_FORCE_PATH_STYLE: '1', UPLOADS_PUBLIC_URL: 'https://cdn.example.com/u/' })).toMatchObject({
      S3_FORCE_PATH_STYLE: true,
      UPLOADS_PUBLIC_URL: 'https://cdn.example.com/u',
    });
  });

  it.each([
    ['UPLOADS_URL', 'uploads', 'must be an absolute path, a file:// URL or s3://bucket/prefix'],
    ['UPLOADS_URL', 's3://B', 'must be an absolute path, a file:// URL or s3://bucket/prefix'],
    ['UPLOADS_URL', 'http://bucket/x', 'must be an absolute path, a file:// URL or s3://bucket/prefix'],
    ['S3_ENDPOINT', 'minio:9000', 'must be a URL starting with http:// or https://'],
    ['S3_FORCE_PATH_STYLE', 'maybe', ''],
    ['UPLOADS_PUBLIC_URL', 'cdn.example.com', 'must be a URL starting with http:// or https://'],
    ['UPLOADS_TIMEOUT_MS', '5', ''],
    ['SHUTDOWN_TIMEOUT_MS', 'soon', 'must be a number of milliseconds'],
    ['SHUTDOWN_TIMEOUT_MS', '5', ''],
  ])('refuses %s=%s with one line naming it', (name, value, message) => {
    const error = configError({ [name]: value });
    expect(error.message.startsWith(`Invalid configuration: ${name}=${JSON.stringify(value)} ${message}`)).toBe(true);
    expect(error.message).not.toContain('\n');
  });
});
