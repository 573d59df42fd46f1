import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';

/*
 * `npm run routes`: every HTTP route the server registers, one `METHOD /path` a line, sorted.
 * It builds the app on a throw-away in-memory database and ignores the environment, so the output
 * depends on the code only (the built web app's catch-all is left out for the same reason).
 */
const dataDir = await mkdtemp(path.join(tmpdir(), 'papo-routes-'));
const db = openDatabase({ sqliteFile: ':memory:' });
try {
  // no demo content: drawing its pictures would only slow the listing down.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    DEMO_CONTENT: '0',
  });
  const app = await buildApp({ config, db, logger: false });
  await app.ready();
  process.stdout.write(`${app.routeList().join('\n')}\n`);
  await app.close();
} finally {
  await db.close();
  await rm(dataDir, { recursive: true, force: true });
}
