import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { connectClient, record, request, waitFor } from '../../realtime/test-support.js';
import { createTestDatabase, describeEachDialect, type TestDatabase } from '../../test/db.js';
import { buildUser } from '../../test/users.js';
import { replaysPerMinute } from './replay.js';

/** Every stored value of every table, as text (PostgreSQL keeps no single file to read). */
async function everyRowAsText(database: TestDatabase): Promise<string> {
  const { db } = database.handle;
  const tables = await sql<{
    name: string;
  }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(db);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(db);
    parts.push(...rows.rows.map((r) => r.row));
  }
  return parts.join('\n');
}

/** Every file under the folders given (the SQLite database with its write-ahead log, DATA_DIR), as raw bytes. */
async function filesBytes(dirs: string[]): Promise<string> {
  const contents: Buffer[] = [];
  for (const dir of dirs) {
    for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) contents.push(await readFile(path.join(entry.parentPath, entry.name)));
    }
  }
  return Buffer.concat(contents).toString('latin1');
}

describeEachDialect('channel text is never stored nor logged', (dialect) => {
  // short, so that even a parser's error snippet of the body would hold all of it.
  const marker = `Qz${Math.random().toString(36).slice(2, 8)}`;
  const logLines: string[] = [];
  let database: TestDatabase;
  let app: FastifyInstance;
  let url: string;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    dataDir = await mkdtemp(path.join(tmpdir(), 'papo-privacy-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      DEMO_CONTENT: '0',
    });
    app = await buildApp({ config, db: database.handle, logger: { level: 'trace', stream } });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await database?.destroy();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('relays the text, replays it from memory after a drop, then finds it in no table, no database file and no log line', async () => {
    const alice = await buildUser(app, { username: 'Alice' });
    const bob = await buildUser(app, { username: 'Bob' });
    const outsider = await buildUser(app, { username: 'Outsider' });
    const aliceSocket = await connectClient(url, { token: alice.token });
    const bobSocket = await connectClient(url, { token: bob.token });
    await request(aliceSocket, 'join', '#barra');
    // bob's tab shows another page, so the mention rings (a tab looking at the channel reads it there); the
    // join's answer comes after the server took it (a socket's events are handled in order).
    bobSocket.emit('focus', null);
    await request(bobSocket, 'join', '#barra');
    const received = record(bobSocket, 'new-message');
    const post = (user: typeof alice, payload: string, type = 'application/json') =>
      app.inject({
        method: 'POST',
        url: '/api/send-message',
        headers: { ...user.headers, 'content-type': type },
        payload,
      });

    const statuses = [
      (await post(alice, JSON.stringify({ channel: 'barra', text: `oi bob ${marker}` }))).statusCode,
      (await post(alice, `{"channel":"barra","text":"${marker}`)).statusCode,
      (await post(alice, `{"text": ${marker}}`)).statusCode,
      (await post(alice, JSON.stringify({ channel: 'barra', text: `${marker} ${'x'.repeat(600)}` }))).statusCode,
      (await post(outsider, JSON.stringify({ channel: 'barra', text: marker }))).statusCode,
      (await post(alice, `channel=barra&text=${marker}`, 'application/x-www-form-urlencoded')).statusCode,
      (await post(alice, JSON.stringify({ channel: 'Not A Channel', text: marker }))).statusCode,
    ];
    expect(statuses).toEqual([200, 400, 400, 400, 403, 200, 400]);
    // lines until the flood limit refuses one (its refusal is logged too): how many go through before it depends
    // on how fast the machine sends them, as a token comes back each second.
    const floods: number[] = [];
    for (let i = 0; i < 30 && !floods.includes(429); i++)
      floods.push((await post(alice, JSON.stringify({ channel: 'barra', text: `${i} ${marker}` }))).statusCode);
    expect(floods.at(-1)).toBe(429);
    expect(floods.slice(0, -1).every((status) => status === 200)).toBe(true);
    const delivered = 2 + floods.length - 1;
    await waitFor('delivery', () => received.length === delivered);
    expect(received[0]?.[0].text).toBe(`oi bob ${marker}`);
    await waitFor('the mention is notified', async () =>
      Boolean(await app.db.selectFrom('notifications').select('id').where('user_to', '=', bob.id).executeTakeFirst()),
    );
    // bob comes back on a new socket having kept only the first line: the rest comes from the node's memory, in order.
    const seen = received[0]![0].id;
    bobSocket.disconnect();
    const back = await connectClient(url, { token: bob.token });
    expect(await back.timeout(3_000).emitWithAck('replay', { room: '#barra', after: seen })).toEqual({
      ok: false,
      message: 'not_in_channel',
    });
    await request(back, 'join', '#barra');
    const replay = await back.timeout(3_000).emitWithAck('replay', { room: '#barra', after: seen });
    expect(replay).toEqual({ ok: true, complete: true, messages: received.slice(1).map(([message]) => message) });
    expect(await back.timeout(3_000).emitWithAck('replay', { room: 'barra' })).toEqual({
      ok: false,
      message: 'invalid_room',
    });
    const answers = [];
    for (let i = 4; i <= replaysPerMinute; i += 1)
      answers.push(await back.timeout(3_000).emitWithAck('replay', { room: '#barra', after: seen }));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(await back.timeout(3_000).emitWithAck('replay', { room: '#barra', after: seen })).toEqual({
      ok: false,
      message: 'too_many_requests',
    });
    aliceSocket.disconnect();
    back.disconnect();

    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.filter((line) => line.includes(marker))).toEqual([]);
    const stored =
      dialect === 'sqlite'
        ? await filesBytes([path.dirname(database.sqliteFile!), dataDir])
        : (await everyRowAsText(database)) + (await filesBytes([dataDir]));
    expect(stored.includes(marker)).toBe(false);
  });
});
