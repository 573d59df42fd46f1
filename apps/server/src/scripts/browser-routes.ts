import { writeFile } from 'node:fs/promises';
import { browserRoutesFile, browserRoutesSource } from './browser-routes-source.js';

/* `npm run routes:browser`: writes the browser's form of the route table (browser-routes-source.ts). */
await writeFile(browserRoutesFile, await browserRoutesSource());
process.stdout.write(`wrote ${browserRoutesFile}\n`);
