import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { record, request, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import { memberAt, startChatHarness, type ChatHarness, type Rank } from './test-support.js';

describeEachDialect('topics', (dialect) => {
  let h: ChatHarness;
  const put = (user: { headers: { authorization: string } }, payload: object) =>
    h.t.app.inject({ method: 'PUT', url: '/api/topic', headers: user.headers, payload });

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  describe('who may set the topic', () => {
    let cell = 0;
    it.each<[Rank, number, object]>([
      [0, 403, { status: 'error', message: 'not_channel_operator' }],
      [3, 403, { status: 'error', message: 'not_channel_operator' }],
      [5, 200, { status: 'success', message: 'topic_updated' }],
      [10, 200, { status: 'success', message: 'topic_updated' }],
      [100, 200, { status: 'success', message: 'topic_updated' }],
      ['staff', 200, { status: 'success', message: 'topic_updated' }],
    ])('level %s → %i', async (rank, status, body) => {
      const channel = `topic-${++cell}`;
      const user = await memberAt(h, channel, rank);
      const res = await put(user, { channel, content: `Tópico de ${rank}` });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body });
    });
  });

  it('broadcasts topic-updated to the room and serves it from latest-topic with the setter', async () => {
    const [op, reader] = [await h.member(), await h.member()];
    await h.setLevel('cascais', op.id, 5);
    const updates = record(await h.joined(reader, '#cascais'), 'topic-updated');
    expect((await put(op, { channel: '#cascais', content: '  Praia hoje às 15h  ' })).statusCode).toBe(200);
    await waitFor('topic-updated', () => updates.length === 1);
    expect(updates).toEqual([
      [{ content: 'Praia hoje às 15h', channel: '#cascais', by: op.username, at: expect.any(String) }],
    ]);

    const res = await h.post(reader, '/api/latest-topic', { channel: 'cascais' });
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        topic: 'Praia hoje às 15h',
        nickname: reader.username,
        has_nickname: false,
        user_channel_level: 0,
        topic_by: op.username,
        topic_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
  });

  it("reports the caller's nickname, has_nickname and level (staff 1000)", async () => {
    const [user, staff] = [await h.member(), await h.member({ staff: true })];
    const added = await h.post(user, '/api/nicknames', { nickname: 'Farol' });
    await h.post(user, '/api/select-nickname', { nicknameId: added.json().nickname.id });
    await h.setLevel('miami', user.id, 3);
    const mine = (await h.post(user, '/api/latest-topic', { channel: '#miami' })).json().data;
    expect({ nickname: mine.nickname, has: mine.has_nickname, level: mine.user_channel_level }).toEqual({
      nickname: 'Farol',
      has: true,
      level: 3,
    });
    const theirs = (await h.post(staff, '/api/latest-topic', { channel: 'miami' })).json().data;
    expect(theirs.user_channel_level).toBe(1000);
  });

  it('answers an unknown channel with no topic, and refuses to set one there with 404', async () => {
    const staff = await h.member({ staff: true });
    const res = await h.post(staff, '/api/latest-topic', { channel: 'ainda-nao-existe' });
    expect(res.json().data).toMatchObject({ topic: null, topic_by: null, user_channel_level: 1000 });
    const set = await put(staff, { channel: 'ainda-nao-existe', content: 'x' });
    expect({ status: set.statusCode, body: set.json() }).toEqual({
      status: 404,
      body: { status: 'error', message: 'channel_not_found' },
    });
  });

  it('clears the topic with empty content and refuses more than 300 characters', async () => {
    const op = await h.member();
    await h.setLevel('traveler', op.id, 5);
    const socket = await h.joined(op, '#traveler');
    const updates = record(socket, 'topic-updated');
    await put(op, { channel: 'traveler', content: 'algo' });
    expect((await put(op, { channel: 'traveler', content: '   ' })).statusCode).toBe(200);
    expect((await h.post(op, '/api/latest-topic', { channel: 'traveler' })).json().data.topic).toBeNull();
    const long = await put(op, { channel: 'traveler', content: 'x'.repeat(301) });
    expect({ status: long.statusCode, body: long.json() }).toEqual({
      status: 400,
      body: { status: 'error', message: 'validation_failed', errors: { content: ['too_long'] } },
    });
    const nul = await put(op, { channel: 'traveler', content: 'a\u0000b' });
    expect(nul.json().errors).toEqual({ content: ['invalid_characters'] });
    await request(socket, 'join', '#traveler');
    expect(updates.map(([u]) => u.content)).toEqual(['algo', '']);
  });
});
