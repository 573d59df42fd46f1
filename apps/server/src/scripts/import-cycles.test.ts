import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A circle of imports makes load order decide which binding is still undefined, and ties files that should be
 * understood one at a time. Type-only imports count: they tie the files together just as much for a reader.
 */

const srcRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(srcRoot, '../../..');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(path);
    const isSource = /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts');
    return isSource && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// `import … from`, `import type … from`, `export … from`, side-effect `import '…'` and `import('…')`.
const specifierPattern = /(?:\b(?:import|export)\b[^;'"`]*?\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * The relative imports of one file, as absolute paths. The server and the contract name `.js` for a `.ts` file; the
 * web app leaves the extension out, so the first of `.ts`, `.tsx`, `/index.ts`, `/index.tsx` that `exists` wins.
 */
export function localImports(file: string, source: string, exists: (path: string) => boolean = existsSync): string[] {
  return [...source.matchAll(specifierPattern)].map((match) => {
    const path = resolve(dirname(file), match[1] ?? '');
    if (path.endsWith('.js')) return path.replace(/\.js$/, '.ts');
    if (/\.[cm]?[jt]sx?$/.test(path)) return path;
    const candidates = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((suffix) => path + suffix);
    return candidates.find(exists) ?? path;
  });
}

/** Every strongly connected group of two or more files (or a file importing itself), by Tarjan's algorithm. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('import graph', () => {
  it('finds a circle, type-only and multi-line imports included', () => {
    const a = '/src/a.ts';
    const b = '/src/lib/b.ts';
    const c = '/src/c.ts';
    expect(localImports(b, "import type {\n  A,\n} from '../a.js';")).toEqual([a]);
    expect(localImports(a, "export { b } from './lib/b.js';\nconst c = await import('./c.js');")).toEqual([b, c]);
    const tsx = (path: string) => path.endsWith('.tsx');
    expect(localImports(a, "import { View } from './view';", tsx)).toEqual(['/src/view.tsx']);
    const graph = new Map([
      [a, [b]],
      [b, [c]],
      [c, [a]],
    ]);
    expect(importCycles(graph)).toEqual([[a, c, b]]);
    expect(importCycles(new Map([...graph, [c, []]]))).toEqual([]);
  });

  it.each(['apps/server/src', 'apps/web/src', 'packages/contract/src'])(
    'has no circles among the non-test files of %s',
    (dir) => {
      const root = join(repoRoot, dir);
      const graph = new Map(productFiles(root).map((file) => [file, localImports(file, readFileSync(file, 'utf8'))]));
      const cycles = importCycles(graph).map((group) => group.map((file) => relative(root, file)));
      expect(cycles).toEqual([]);
    },
  );

  it("has no circles among the server's features, each feature folder taken as one", () => {
    // a circle of files is one thing; a circle of features (chat → profile → conversations → chat) ties features
    // that should be read, changed and tested one at a time, even when no single file imports itself back.
    const features = join(srcRoot, 'features');
    const featureOf = (file: string) => relative(features, file).split('/')[0] ?? '';
    const graph = new Map<string, string[]>();
    for (const file of productFiles(features)) {
      const from = featureOf(file);
      const to = localImports(file, readFileSync(file, 'utf8'))
        .filter((target) => target.startsWith(features + '/'))
        .map(featureOf)
        .filter((feature) => feature !== from);
      graph.set(from, [...(graph.get(from) ?? []), ...to]);
    }
    expect(importCycles(graph)).toEqual([]);
  });
});
