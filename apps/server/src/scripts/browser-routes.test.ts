import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { browserRoutesFile, browserRoutesSource } from './browser-routes-source.js';

describe("the browser's form of the route table", () => {
  it('is what the table gives (else run `npm run routes:browser`)', async () => {
    expect(await readFile(browserRoutesFile, 'utf8')).toBe(await browserRoutesSource());
  });

  it('imports only types, so the browser loads no schema', async () => {
    const text = await readFile(browserRoutesFile, 'utf8');
    const imports = text.split('\n').filter((line) => line.startsWith('import '));
    expect(imports.length).toBeGreaterThan(1);
    for (const line of imports) expect(line).toMatch(/^import type /);
  });
});
