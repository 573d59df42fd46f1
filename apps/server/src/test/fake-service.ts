import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A stand-in for an outside HTTP service (YouTube, CoinGecko, a news search…) on loopback, for provider
 * tests: each path answers what the test scripts — documented JSON, an error status, garbage, an answer
 * held back until the test releases it, or none at all (a timeout) — and every call is recorded.
 */

export type FakeAnswer =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status?: number; text: string; headers?: Record<string, string> }
  /** Never answers; the client's timeout has to end the call. */
  | { hang: true };

export interface FakeCall {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request body as text (a POST's JSON). */
  body: string;
  /** The request body as sent (an encrypted push). */
  raw: Buffer;
}

export interface FakeService {
  /** Base URL, without a trailing slash. */
  url: string;
  calls: FakeCall[];
  /** How `path` answers from now on: a fixed answer, or one computed per call. */
  on(path: string, answer: FakeAnswer | ((call: FakeCall) => FakeAnswer)): void;
  /** Holds every answer until `release()` is called (to have many requests wait on one call). */
  hold(): { release(): void };
  close(): Promise<void>;
}

export async function startFakeService(): Promise<FakeService> {
  const routes = new Map<string, FakeAnswer | ((call: FakeCall) => FakeAnswer)>();
  const calls: FakeCall[] = [];
  let gate: Promise<void> = Promise.resolve();

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      answerCall(
        { path: url.pathname, query: url.searchParams, headers: req.headers, body: raw.toString('utf8'), raw },
        res,
      );
    });
  });
  const answerCall = (call: FakeCall, res: ServerResponse) => {
    calls.push(call);
    void gate.then(() => {
      const route = routes.get(call.path);
      const answer =
        typeof route === 'function' ? route(call) : (route ?? { status: 404, json: { error: 'not found' } });
      if ('hang' in answer) return;
      const body = 'json' in answer ? JSON.stringify(answer.json) : answer.text;
      res.writeHead(answer.status ?? 200, {
        'content-type': 'json' in answer ? 'application/json; charset=UTF-8' : 'text/html',
        ...answer.headers,
      });
      res.end(body);
    });
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    on(path, answer) {
      routes.set(path, answer);
    },
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return {
        release() {
          release();
        },
      };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
