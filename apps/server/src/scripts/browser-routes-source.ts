import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { browserRoute, isApiRouteDefinition, type BrowserRoute } from '@papo/contract/api-route';
import * as prettier from 'prettier';

/*
 * The browser's form of the route table (`packages/contract/src/browser-routes.ts`): each group of routes the
 * contract declares (`chatRoutes`, `profileRoutes`…), with what `api` needs to call a route (method, path, auth, how
 * the body is sent, the query's key order) and the definition's type only. The web imports it instead of the
 * contract modules, whose schemas would bring zod into every app page's first route (decision 051). Written by
 * `npm run routes:browser`; `browser-routes.test.ts` fails when the file differs from what the table gives.
 */

const contractDir = fileURLToPath(new URL('../../../../packages/contract/src/', import.meta.url));
/** Where the browser's forms go: one module per contract module, so a page's chunks carry only the groups it calls. */
export const browserRoutesDir = path.join(contractDir, 'browser-routes');

interface Group {
  module: string;
  name: string;
  routes: [string, BrowserRoute][];
}

/** Every exported group of route definitions of the contract, by module then name. */
async function routeGroups(): Promise<Group[]> {
  const modules = (await readdir(contractDir))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
  const groups: Group[] = [];
  for (const module of modules) {
    const exports: Record<string, unknown> = await import(pathToFileURL(path.join(contractDir, `${module}.ts`)).href);
    for (const [name, value] of Object.entries(exports).sort(([a], [b]) => a.localeCompare(b))) {
      if (typeof value !== 'object' || value === null) continue;
      const entries = Object.entries(value);
      if (entries.length === 0 || !entries.every(([, route]) => isApiRouteDefinition(route))) continue;
      groups.push({
        module,
        name,
        routes: entries.flatMap(([key, route]) => (isApiRouteDefinition(route) ? [[key, browserRoute(route)]] : [])),
      });
    }
  }
  return groups;
}

/** Each browser module's file name and text, formatted as the repository's Prettier settings say. */
export async function browserRoutesSources(): Promise<Map<string, string>> {
  const groups = await routeGroups();
  const sources = new Map<string, string>();
  const options = await prettier.resolveConfig(path.join(browserRoutesDir, 'x.ts'));
  for (const module of [...new Set(groups.map((group) => group.module))]) {
    const lines = [
      "// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).",
      `// The browser's form of ${module}.ts's routes: only their types come from it, so no zod at run time.`,
      "import type { BrowserRoutes } from '../api-route.js';",
      `import type * as definitions from '../${module}.js';`,
      '',
      ...groups
        .filter((group) => group.module === module)
        .flatMap((group) => [
          `export const ${group.name}: BrowserRoutes<typeof definitions.${group.name}> = ${JSON.stringify(
            Object.fromEntries(group.routes),
          )};`,
          '',
        ]),
    ];
    const file = `${module}.ts`;
    sources.set(
      file,
      await prettier.format(lines.join('\n'), { ...options, filepath: path.join(browserRoutesDir, file) }),
    );
  }
  return sources;
}
