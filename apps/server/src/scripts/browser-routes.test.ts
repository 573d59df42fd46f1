import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserRoutesDir, browserRoutesSources } from './browser-routes-source.js';

describe("the browser's form of the route table", () => {
  it('is what the table gives, module for module (else run `npm run routes:browser`)', async () => {
    const sources = await browserRoutesSources();
    expect((await readdir(browserRoutesDir)).sort()).toEqual([...sources.keys()].sort());
    for (const [file, text] of sources)
      expect(await readFile(path.join(browserRoutesDir, file), 'utf8'), file).toBe(text);
  });

  it('imports only types, so the browser loads no schema', async () => {
    for (const file of await readdir(browserRoutesDir)) {
      const text = await readFile(path.join(browserRoutesDir, file), 'utf8');
      const imports = text.split('\n').filter((line) => line.startsWith('import '));
      expect(imports.length, file).toBe(2);
      for (const line of imports) expect(line, file).toMatch(/^import type /);
    }
  });
});
