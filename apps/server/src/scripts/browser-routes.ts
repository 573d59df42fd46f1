import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { browserRoutesDir, browserRoutesSources } from './browser-routes-source.js';

/* `npm run routes:browser`: writes the browser's form of the route table (browser-routes-source.ts), and removes
 * the module of a contract module that no longer declares routes. */
const sources = await browserRoutesSources();
await mkdir(browserRoutesDir, { recursive: true });
for (const file of await readdir(browserRoutesDir)) if (!sources.has(file)) await rm(path.join(browserRoutesDir, file));
for (const [file, text] of sources) await writeFile(path.join(browserRoutesDir, file), text);
process.stdout.write(`wrote ${sources.size} modules into ${browserRoutesDir}\n`);
