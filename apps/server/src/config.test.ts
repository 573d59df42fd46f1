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
    expect(config).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: path.resolve('./data'), NODE_ENV: 'development', demoContent: true });
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

  it('refuses a DATABASE_URL that is not PostgreSQL with one line', () => {
    const error = configError({ DATABASE_URL: 'foo://x' });
    expect(error.message).toMatch(/^Invalid configuration: DATABASE_URL="foo:\/\/x" must be a URL starting with postgres:/);
    expect(error.message).not.toContain('\n');
  });

  it('requires JWT_SECRET in production and turns demo content off there', () => {
    expect(configError({ NODE_ENV: 'production' }).message).toBe(
      'Invalid configuration: JWT_SECRET is required when NODE_ENV=production',
    );
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) });
    expect(config.demoContent).toBe(false);
  });
});
