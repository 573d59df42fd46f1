import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeAnswer, type FakeService } from '../test/fake-service.js';
import { describeStore, localDescription, type StoreFacts } from './store-description.js';

const facts: StoreFacts = {
  name: 'Ateliê Maré',
  kind: 'shop',
  category: 'Moda',
  country: 'Portugal',
  products: ['Vestido de linho', 'Chapéu de palha', 'Sandália de couro', 'Bolsa de crochê', 'Lenço de seda'],
};

/** The shared fake HTTP service answering in the chat completions format, failures included. */
describe('store description provider against a chat completions server', () => {
  let fake: FakeService;
  let url: string;
  const path = '/v1/chat/completions';

  beforeAll(async () => {
    fake = await startFakeService();
    url = `${fake.url}/v1`;
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.calls.length = 0;
  });

  it('asks the API with the store data and answers its text', async () => {
    fake.on(path, {
      json: {
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: '  O Ateliê Maré traz moda leve\npara o verão.  ' },
            finish_reason: 'stop',
          },
        ],
      },
    });
    const result = await describeStore(facts, { url, apiKey: 'segredo', timeoutMs: 5000 });
    expect(result).toEqual({ text: 'O Ateliê Maré traz moda leve para o verão.', source: 'llm' });
    const [call] = fake.calls;
    expect(call!.path).toBe(path);
    expect(call!.headers.authorization).toBe('Bearer segredo');
    const body = JSON.parse(call!.body) as { model: string; messages: { role: string; content: string }[] };
    const prompt = body.messages.at(-1)!.content;
    for (const part of ['Ateliê Maré', 'Moda', 'Portugal', 'Vestido de linho', 'Lenço de seda'])
      expect(prompt).toContain(part);
  });

  it.each([
    ['a server error', { status: 500, json: { error: { message: 'boom', type: 'server_error' } } }],
    ['a rate limit', { status: 429, json: { error: { message: 'slow down', type: 'rate_limit_exceeded' } } }],
    ['an answer without choices', { json: { choices: [] } }],
    ['an empty text', { json: { choices: [{ message: { role: 'assistant', content: '   ' } }] } }],
    ['a body that is not JSON', { text: '<html>gateway</html>' }],
  ] as [string, FakeAnswer][])('falls back to the local generator on %s, and says why', async (_name, answer) => {
    fake.on(path, answer);
    const failures: string[] = [];
    const result = await describeStore(facts, { url, timeoutMs: 5000, log: (f) => failures.push(f) });
    expect(result).toEqual({ text: localDescription(facts), source: 'local' });
    expect(failures).toHaveLength(1);
  });

  it('gives up at its timeout when the server never answers', async () => {
    fake.on(path, { hang: true });
    const failures: string[] = [];
    const result = await describeStore(facts, { url, timeoutMs: 100, log: (f) => failures.push(f) });
    expect(result.source).toBe('local');
    expect(failures[0]).toMatch(/timeout|abort/i);
  });
});

describe('local store description', () => {
  it('writes a Portuguese paragraph from the data: name, category, country, products', () => {
    const text = localDescription(facts);
    for (const part of ['Ateliê Maré', 'moda', 'Portugal', 'Vestido de linho', 'Bolsa de crochê', '5 opções'])
      expect(text).toContain(part);
    expect(text).not.toMatch(/lorem|ipsum/i);
    expect(text.split('. ').length).toBeGreaterThanOrEqual(3);
  });

  it('differs between stores and kinds, and reads well without products or category', () => {
    const course = localDescription({
      name: 'Escola Viola',
      kind: 'course',
      category: null,
      country: 'Brasil',
      products: [],
    });
    expect(course).toContain('Escola Viola reúne cursos escolhidos para quem está no Brasil');
    expect(course).toContain('Os primeiros cursos');
    expect(course).not.toBe(localDescription({ ...facts, name: 'Outra', products: ['Vaso'] }));
    expect(localDescription({ ...facts, products: ['Vaso', 'Prato'] })).toContain('Vaso e Prato');
  });

  it('uses the local generator when no API is configured', async () => {
    expect(await describeStore(facts)).toEqual({ text: localDescription(facts), source: 'local' });
  });
});
