import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { roles } from '@papo/contract/auth';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { waitFor } from '../../realtime/test-support.js';
import { createTestDatabase, hasPostgres, type TestDatabase } from '../../test/db.js';
import { multipartBody } from '../../test/multipart.js';
import { startS3Server, type S3Server } from '../../test/s3.js';
import { buildUser } from '../../test/users.js';

const redisUrl = process.env.TEST_REDIS_URL;

/*
 * Several nodes for real: two whole apps on one PostgreSQL database and one Redis, each with a DATA_DIR of
 * its own as on two machines. With a shared bucket an upload made on one is served by the other; with a folder each,
 * the start-up check finds it and /readyz says so.
 */
describe.skipIf(!hasPostgres || !redisUrl)('uploads across two nodes on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let s3: S3Server;
  const opened: { app: FastifyInstance; dataDir: string }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    s3 = await startS3Server();
  });
  afterEach(async () => {
    for (const node of opened.splice(0)) {
      await node.app.close();
      await rm(node.dataDir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    await s3.close();
    await database.destroy();
  });

  /** A node with a DATA_DIR of its own, in the deployment `prefix` names (its Redis channels). */
  async function startNode(
    prefix: string,
    env: Record<string, string> = {},
    logLines?: string[],
  ): Promise<FastifyInstance> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'papo-node-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      DEMO_CONTENT: '0',
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      ...env,
    });
    const logger = logLines ? { level: 'error', stream: { write: (line: string) => void logLines.push(line) } } : false;
    const app = await buildApp({ config, db: database.handle, logger });
    opened.push({ app, dataDir });
    await app.ready();
    await app.bus.ready;
    return app;
  }
  const deployment = () => `uploads-${randomBytes(4).toString('hex')}`;
  const readiness = async (app: FastifyInstance) => (await app.inject({ url: '/readyz' })).statusCode;

  it('serves an image uploaded on node A from node B with the same bytes and headers, and the check passes', async () => {
    const prefix = deployment();
    const [a, b] = [await startNode(prefix, s3.env(prefix)), await startNode(prefix, s3.env(prefix))];
    const staff = await buildUser(a, { roles: [roles.user, roles.admin] });
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c52' } })
      .png()
      .toBuffer();
    const body = multipartBody({ files: [{ field: 'files[]', filename: 'a.png', type: 'image/png', data: png }] });
    const uploaded = await a.inject({
      method: 'POST',
      url: '/api/uploadImage',
      headers: { ...staff.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { name } = uploaded.json().files[0];
    const [onA, onB] = [await a.inject({ url: `/uploads/${name}` }), await b.inject({ url: `/uploads/${name}` })];
    expect(onB.statusCode).toBe(200);
    expect(onB.rawPayload.equals(onA.rawPayload)).toBe(true);
    for (const header of [
      'content-type',
      'content-length',
      'etag',
      'last-modified',
      'cache-control',
      'content-security-policy',
      'x-content-type-options',
      'accept-ranges',
    ]) {
      expect(onB.headers[header], header).toBe(onA.headers[header]);
    }
    expect(await a.uploadsCheck.check()).toBe(true);
    expect(await b.uploadsCheck.check()).toBe(true);
    expect([await readiness(a), await readiness(b)]).toEqual([200, 200]);
  });

  it('fails the check on both nodes when each keeps its uploads in its own folder, and /readyz answers 503', async () => {
    const prefix = deployment();
    const a = await startNode(prefix);
    // Alone, a node has nobody to ask: it passes.
    expect(await a.uploadsCheck.check()).toBe(true);
    expect(await readiness(a)).toBe(200);
    const logged: string[] = [];
    const b = await startNode(prefix, {}, logged);
    expect(await b.uploadsCheck.check()).toBe(false);
    const complaints = logged.filter((line) => line.includes('uploads storage not shared'));
    expect(complaints).toHaveLength(1);
    expect(JSON.parse(complaints[0]!).msg).toContain(`UPLOADS_URL=${b.uploads.location}`);
    // Node A checks again when it hears node B join.
    await waitFor('node A to find its uploads unshared', async () => !a.uploadsCheck.shared);
    const refused = await a.inject({ url: '/readyz' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: 'uploads_not_shared' });
    expect(await readiness(b)).toBe(503);
  });

  it('leaves the node on the shared bucket ready and makes only the node keeping its own folder unready', async () => {
    const prefix = deployment();
    const a = await startNode(prefix, s3.env(prefix));
    const logged: string[] = [];
    const b = await startNode(prefix, {}, logged);
    expect(await b.uploadsCheck.check()).toBe(false);
    expect(await a.uploadsCheck.check()).toBe(true);
    expect(await readiness(a)).toBe(200);
    const refused = await b.inject({ url: '/readyz' });
    expect([refused.statusCode, refused.json()]).toEqual([503, { message: 'uploads_not_shared' }]);
    expect(logged.filter((line) => line.includes('uploads storage not shared'))).toHaveLength(1);
  });

  it('says a missing bucket is missing, and is ready again within ten seconds of the bucket being made', async () => {
    const prefix = deployment();
    const env = { ...s3.env(prefix), UPLOADS_URL: `s3://papo-made-later-${prefix}/x` };
    const logged: string[] = [];
    const node = await startNode(prefix, env, logged);
    await waitFor('the node to find its bucket missing', async () => node.uploadsCheck.problem !== undefined);
    const refused = await node.inject({ url: '/readyz' });
    expect([refused.statusCode, refused.json()]).toEqual([503, { message: 'uploads_bucket_missing' }]);
    expect(
      logged.some((line) => line.includes(`the bucket of UPLOADS_URL=s3://papo-made-later-${prefix}/x does not exist`)),
    ).toBe(true);
    const made = Date.now();
    await createBucket(`papo-made-later-${prefix}`);
    await waitFor('the node to be ready again', async () => (await readiness(node)) === 200, 10_000);
    expect(Date.now() - made).toBeLessThan(10_000);
  });

  async function createBucket(name: string): Promise<void> {
    const client = new S3Client({
      endpoint: s3.endpoint,
      forcePathStyle: true,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    await client.send(new CreateBucketCommand({ Bucket: name }));
    client.destroy();
  }
});
