import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRenderedScreens } from './entry-server';

const webRoot = path.resolve(import.meta.dirname, '..');

describe('the screens the server renders', () => {
  it('name the files the route table loads, so their chunks are preloaded', () => {
    const routes = readFileSync(path.join(webRoot, 'src/app/routes/routes.tsx'), 'utf8');
    for (const [screen, file] of Object.entries(serverRenderedScreens)) {
      if (!file) continue;
      expect(routes, `${screen}: ${file}`).toContain(`import('../../${file.slice('src/'.length, -'.tsx'.length)}')`);
    }
  });
});
