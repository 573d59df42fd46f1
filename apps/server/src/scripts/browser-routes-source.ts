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
export const browserRoutesFile = path.join(contractDir, 'browser-routes.ts');

interface Group {
  module: string;
  name: string;
  routes: [string, BrowserRoute][];
}

/** Every exported group of route definitions of the contract, by module then name. */
async function routeGroups(): Promise<Group[]> {
  const modules = (await readdir(contractDir))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'browser-routes.ts')
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

const moduleAlias = (module: string) =>
  `${module.replace(/-([a-z])/g, (_m, letter: string) => letter.toUpperCase())}Module`;

/** The text of `browser-routes.ts`, formatted as the repository's Prettier settings say. */
export async function browserRoutesSource(): Promise<string> {
  const groups = await routeGroups();
  const modules = [...new Set(groups.map((group) => group.module))];
  const lines = [
    "// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).",
    '// The browser calls routes through these: only their types come from the contract modules, so no zod at run time.',
    "import type { BrowserRoutes } from './api-route.js';",
    ...modules.map((module) => `import type * as ${moduleAlias(module)} from './${module}.js';`),
    '',
    ...groups.flatMap((group) => [
      `export const ${group.name}: BrowserRoutes<typeof ${moduleAlias(group.module)}.${group.name}> = ${JSON.stringify(
        Object.fromEntries(group.routes),
      )};`,
      '',
    ]),
  ];
  const options = await prettier.resolveConfig(browserRoutesFile);
  return prettier.format(lines.join('\n'), { ...options, filepath: browserRoutesFile });
}
