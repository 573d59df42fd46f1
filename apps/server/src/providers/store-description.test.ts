import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeStore, localDescription, type StoreFacts } from './store-description.js';

const facts: StoreFacts = {
  name: 'Ateliê Maré',
  kind: 'shop',
  category: 'Moda',
  country: 'Portugal',
  products: ['Vestido de linho', 'Chapéu de palha', 'Sandália de couro', 'Bolsa de crochê', 'Lenço de seda'],
};

/** A local server answering in the chat completions format (failures included), recording what it got. */
describe('store description provider against a chat completions server', () => {
  let server: Server;
  let url: string;
  let answer: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  const received: { path: string; auth: string | undefined; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(body) });
        answer(req, res, body);
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    server.close();
    await once(server, 'close');
  });
  beforeEach(() => {
    received.length = 0;
  });

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  it('asks the API with the store data and answers its text', async () => {
    answer = (_req, res) =>
      json(res, 200, {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: '  O Ateliê Maré traz moda leve\npara o verão.  ' }, finish_reason: 'stop' }],
      });
    const result = await describeStore(facts, { url, apiKey: 'segredo', timeoutMs: 5000 });
    expect(result).toEqual({ text: 'O Ateliê Maré traz moda leve para o verão.', source: 'llm' });
    expect(received[0]!.path).toBe('/v1/chat/completions');
    expect(received[0]!.auth).toBe('Bearer segredo');
    const prompt = received[0]!.body.messages.at(-1)!.content;
    for (const part of ['Ateliê Maré', 'Moda', 'Portugal', 'Vestido de linho', 'Lenço de seda']) expect(prompt).toContain(part);
  });

  it.each([
    ['a server error', (res: ServerResponse) => json(res, 500, { error: { message: 'boom', type: 'server_error' } })],
    ['a rate limit', (res: ServerResponse) => json(res, 429, { error: { message: 'slow down', type: 'rate_limit_exceeded' } })],
    ['an answer without choices', (res: ServerResponse) => json(res, 200, { choices: [] })],
    ['an empty text', (res: ServerResponse) => json(res, 200, { choices: [{ message: { role: 'assistant', content: '   ' } }] })],
    ['a body that is not JSON', (res: ServerResponse) => res.end('<html>gateway</html>')],
  ])('falls back to the local generator on %s, and says why', async (_name, reply) => {
    answer = (_req, res) => reply(res);
    const failures: string[] = [];
    const result = await describeStore(facts, { url, timeoutMs: 5000, log: (f) => failures.push(f) });
    expect(result).toEqual({ text: localDescription(facts), source: 'local' });
    expect(failures).toHaveLength(1);
  });

  it('gives up at its timeout when the server never answers', async () => {
    answer = (_req, res) => void held.push(res);
    const failures: string[] = [];
    const result = await describeStore(facts, { url, timeoutMs: 100, log: (f) => failures.push(f) });
    expect(result.source).toBe('local');
    expect(failures[0]).toMatch(/timeout|abort/i);
  });
});

describe('local store description', () => {
  it('writes a Portuguese paragraph from the data: name, category, country, products', () => {
    const text = localDescription(facts);
    for (const part of ['Ateliê Maré', 'moda', 'Portugal', 'Vestido de linho', 'Bolsa de crochê', '5 opções']) expect(text).toContain(part);
    expect(text).not.toMatch(/lorem|ipsum/i);
    expect(text.split('. ').length).toBeGreaterThanOrEqual(3);
  });

  it('differs between stores and kinds, and reads well without products or category', () => {
    const course = localDescription({ name: 'Escola Viola', kind: 'course', category: null, country: 'Brasil', products: [] });
    expect(course).toContain('Escola Viola reúne cursos escolhidos para quem está no Brasil');
    expect(course).toContain('Os primeiros cursos');
    expect(course).not.toBe(localDescription({ ...facts, name: 'Outra', products: ['Vaso'] }));
    expect(localDescription({ ...facts, products: ['Vaso', 'Prato'] })).toContain('Vaso e Prato');
  });

  it('uses the local generator when no API is configured', async () => {
    expect(await describeStore(facts)).toEqual({ text: localDescription(facts), source: 'local' });
  });
});
