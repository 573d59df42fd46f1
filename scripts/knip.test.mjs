// `npm run lint` ends with knip: this builds a small project that uses the repository's own knip.jsonc and shows
// that an export nothing imports fails the check, and that the same file passes once the export is used.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const knip = join(root, 'node_modules/knip/bin/knip.js');

describe('the dead-export check (knip in npm run lint)', () => {
  let dir;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'papo-knip-'));
    copyFileSync(join(root, 'knip.jsonc'), join(dir, 'knip.jsonc'));
    mkdirSync(join(dir, 'apps/server/src/scripts'), { recursive: true });
    mkdirSync(join(dir, 'apps/server/src/lib'), { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'fixture', private: true, type: 'module', workspaces: ['apps/server'] }),
    );
    writeFileSync(
      join(dir, 'apps/server/package.json'),
      JSON.stringify({ name: '@fixture/server', private: true, type: 'module' }),
    );
    writeFileSync(
      join(dir, 'apps/server/src/lib/tool.ts'),
      'export const used = 1;\nexport function forgotten(): number {\n  return used;\n}\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const run = () =>
    spawnSync(process.execPath, [knip, '--directory', dir, '--no-progress', '--no-config-hints'], { encoding: 'utf8' });

  it('fails and names an export that nothing imports', () => {
    writeFileSync(
      join(dir, 'apps/server/src/scripts/run.ts'),
      "import { used } from '../lib/tool.js';\nconsole.log(used);\n",
    );
    const result = run();
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/Unused exports \(1\)\s+forgotten\s+function\s+apps\/server\/src\/lib\/tool\.ts:2/);
  });

  it('passes once every export is imported somewhere', () => {
    writeFileSync(
      join(dir, 'apps/server/src/scripts/run.ts'),
      "import { forgotten, used } from '../lib/tool.js';\nconsole.log(used, forgotten());\n",
    );
    const result = run();
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('');
    expect(result.status).toBe(0);
  });
});
