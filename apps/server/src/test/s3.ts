import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/*
 * S3-compatible servers for tests (decision 025): s3rver, an S3 emulator answering the S3 REST API with its documented
 * XML, on a port and a folder of its own; and a bucket that fails or never answers, as a small HTTP server speaking
 * S3's documented error format.
 */

/** The credentials the SDK's standard chain reads from the environment (s3rver's own pair; it checks signatures). */
const credentials = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_REGION: 'us-east-1' };

/** Sets the SDK's environment credentials for this process (the nodes the tests start get them in their env). */
function useS3Credentials(): void {
  Object.assign(process.env, credentials);
}

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The server's variables for a node keeping its uploads under `prefix` of the bucket (credentials included). */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'papo-uploads'): Promise<S3Server> {
  useS3Credentials();
  const directory = await mkdtemp(path.join(tmpdir(), 'papo-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (prefix = 'uploads') => ({
      UPLOADS_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      ...credentials,
    }),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export interface BrokenBucket {
  endpoint: string;
  /**
   * Connections opened and requests read, so a test can see the storage asked it: a kept-alive connection carries
   * later requests, and on a loaded machine a client whose 300 ms ran out gave up before its request was read.
   */
  asked: number;
  env(): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A bucket that answers every request `503 SlowDown` in S3's XML (`failing`), or reads it and never answers (`slow`).
 */
export async function startBrokenBucket(kind: 'failing' | 'slow'): Promise<BrokenBucket> {
  useS3Credentials();
  const held = new Set<ServerResponse>();
  const state = { asked: 0 };
  const server: Server = createServer((request, response) => {
    state.asked += 1;
    request.resume();
    request.on('end', () => {
      if (kind === 'slow') {
        held.add(response);
        return;
      }
      response.writeHead(503, { 'content-type': 'application/xml' });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message><RequestId>papo-test</RequestId></Error>',
      );
    });
  });
  server.on('connection', () => {
    state.asked += 1;
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    get asked() {
      return state.asked;
    },
    env: () => ({
      UPLOADS_URL: 's3://papo-broken/uploads',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      UPLOADS_TIMEOUT_MS: '300',
      ...credentials,
    }),
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
