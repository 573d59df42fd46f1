import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { record, request, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import { saveBan } from './ban-repo.js';
import { startChatHarness, type ChatHarness } from './test-support.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeEachDialect('POST /api/send-message', (dialect) => {
  let h: ChatHarness;
  const send = (user: Parameters<ChatHarness['post']>[0], payload: object) =>
    h.post(user, '/api/send-message', payload);

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  it("relays to the channel's members only, under the sender's selected nickname, ignoring a spoofed username", async () => {
    const [alice, bob, carol] = [await h.member(), await h.member(), await h.member()];
    const added = await h.post(alice, '/api/nicknames', { nickname: 'Estrela' });
    await h.post(alice, '/api/select-nickname', { nicknameId: added.json().nickname.id });
    const aliceSocket = await h.joined(alice, '#barra');
    const bobSocket = await h.joined(bob, '#barra');
    const carolSocket = await h.joined(carol, '#rio');
    const seenByAlice = record(aliceSocket, 'new-message');
    const seenByBob = record(bobSocket, 'new-message');
    const seenByCarol = record(carolSocket, 'new-message');

    const res = await send(alice, { channel: 'barra', username: bob.username, text: '  olá a todos  ' });
    expect(res.statusCode).toBe(200);
    const { status, id } = res.json();
    expect({ status, id: uuid.test(id) }).toEqual({ status: 'success', id: true });
    await waitFor('bob receives it', () => seenByBob.length === 1);
    expect(seenByBob[0]).toEqual([
      { id, channel: '#barra', username: 'Estrela', text: 'olá a todos', level: 0, timestamp: expect.any(String) },
    ]);
    expect(Math.abs(Date.parse(seenByBob[0]![0].timestamp) - Date.now())).toBeLessThan(10_000);
    await waitFor('alice receives her own', () => seenByAlice.length === 1);
    // a round trip of carol's own after anything the server sent her before it.
    await request(carolSocket, 'join', '#rio');
    expect(seenByCarol).toEqual([]);
  });

  it('takes the channel as #name too, and /me (prefix or flag) as an action', async () => {
    const alice = await h.member();
    const seen = record(await h.joined(alice, '#sampa'), 'new-message');
    expect((await send(alice, { channel: '#sampa', text: '/me acena' })).statusCode).toBe(200);
    expect((await send(alice, { channel: 'sampa', text: 'dança', action: true })).statusCode).toBe(200);
    expect((await send(alice, { channel: 'sampa', text: '/meu texto' })).statusCode).toBe(200);
    await waitFor('three messages', () => seen.length === 3);
    expect(seen.map(([m]) => [m.text, m.kind])).toEqual([
      ['acena', 'action'],
      ['dança', 'action'],
      ['/meu texto', undefined],
    ]);
  });

  it.each([
    [{ channel: 'barra', text: '   ' }, { text: ['text_required'] }],
    [{ channel: 'barra' }, { text: ['text_required'] }],
    [{ channel: 'barra', text: '/me   ' }, { text: ['text_required'] }],
    [{ channel: 'barra', text: 'x'.repeat(501) }, { text: ['too_long'] }],
    [{ channel: 'barra', text: 42 }, { text: ['invalid_type'] }],
    [{ channel: 'Bad Name', text: 'oi' }, { channel: ['invalid_channel'] }],
    [{ text: 'oi' }, { channel: ['channel_required'] }],
  ])('answers 400 validation_failed to %j', async (payload, errors) => {
    const alice = await h.member();
    await h.joined(alice, '#barra');
    const res = await send(alice, payload);
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 400,
      body: { status: 'error', message: 'validation_failed', errors },
    });
  });

  it('counts characters, not UTF-16 units: 500 emoji pass, 500 characters after trimming pass', async () => {
    const alice = await h.member();
    await h.joined(alice, '#lisboa');
    expect((await send(alice, { channel: 'lisboa', text: '😀'.repeat(500) })).statusCode).toBe(200);
    expect((await send(alice, { channel: 'lisboa', text: ` ${'y'.repeat(500)} ` })).statusCode).toBe(200);
  });

  it('answers 400 invalid_json to a body that is not JSON, and 401 without a token', async () => {
    const alice = await h.member();
    const broken = await h.t.app.inject({
      method: 'POST',
      url: '/api/send-message',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"channel":"barra","text":',
    });
    expect({ status: broken.statusCode, body: broken.json() }).toEqual({
      status: 400,
      body: { status: 'error', message: 'invalid_json' },
    });
    const anonymous = await h.t.app.inject({
      method: 'POST',
      url: '/api/send-message',
      payload: { channel: 'barra', text: 'oi' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses 403 not_in_channel to a member without a socket in the room, and for an unknown channel', async () => {
    const alice = await h.member();
    await h.joined(alice, '#porto');
    for (const channel of ['barra', 'nobody-made-this']) {
      const res = await send(alice, { channel, text: 'oi' });
      expect({ status: res.statusCode, body: res.json() }).toEqual({
        status: 403,
        body: { status: 'error', message: 'not_in_channel' },
      });
    }
  });

  it('refuses 403 banned to a banned member who is still in the room', async () => {
    const [op, alice] = [await h.member(), await h.member()];
    await h.joined(alice, '#miami');
    const channelId = await h.channel('miami');
    await saveBan(h.t.app.db, {
      channelId,
      userId: alice.id,
      byUserId: op.id,
      byLevel: 5,
      reason: null,
      expiresAt: null,
    });
    const res = await send(alice, { channel: 'miami', text: 'oi' });
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 403,
      body: { status: 'error', message: 'banned' },
    });
  });

  it('lets a burst of 5 through per user per channel, then answers 429 flood_limit with Retry-After', async () => {
    const [alice, bob] = [await h.member(), await h.member()];
    await h.joined(alice, '#brasil');
    await h.joined(alice, '#america');
    await h.joined(bob, '#brasil');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(alice, { channel: 'brasil', text: `m${i}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await send(alice, { channel: 'brasil', text: 'again' });
    expect(refused.json()).toEqual({ status: 'error', message: 'flood_limit' });
    expect(refused.headers['retry-after']).toBe('1');
    expect((await send(alice, { channel: 'america', text: 'elsewhere' })).statusCode).toBe(200);
    expect((await send(bob, { channel: 'brasil', text: 'someone else' })).statusCode).toBe(200);
  });

  it.each([
    ['an operator', 5],
    ['a master', 10],
    ['staff', 'staff'],
  ] as const)('exempts %s from flood control', async (_label, rank) => {
    const user = await h.member({ staff: rank === 'staff' });
    if (rank !== 'staff') await h.setLevel('coroas', user.id, rank);
    const seen = record(await h.joined(user, '#coroas'), 'new-message');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await send(user, { channel: 'coroas', text: `m${i}` })).statusCode);
    expect(statuses).toEqual(Array(8).fill(200));
    await waitFor('eight messages', () => seen.length === 8);
    expect(seen[0]?.[0].level).toBe(rank === 'staff' ? 1000 : rank);
  });
});
