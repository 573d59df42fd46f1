import { describe, expect, it } from 'vitest';
import { runScript } from '../test/process.js';
import { toPlaceholders } from '../lib/route-list.js';

describe('npm run routes', () => {
  it('prints every route once as METHOD /path, sorted, with {param} placeholders and no HEAD', async () => {
    const result = await runScript('apps/server/src/scripts/routes.ts', [], {});
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toEqual([...lines].sort());
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines).toEqual(
      expect.arrayContaining([
        'GET /api/company/{id}',
        'GET /api/channels',
        'GET /healthz',
        'GET /readyz',
        'GET /metrics',
      ]),
    );
    for (const line of lines) expect(line).toMatch(/^(GET|POST|PUT|PATCH|DELETE|OPTIONS) \/\S*$/);
    expect(lines.some((l) => l.includes(':'))).toBe(false);
  });
});

describe('toPlaceholders', () => {
  it('turns Fastify params, with or without a pattern, into {name}', () => {
    expect(toPlaceholders('/api/conversations/:id/messages/:messageId(\\d+)')).toBe(
      '/api/conversations/{id}/messages/{messageId}',
    );
  });
});
