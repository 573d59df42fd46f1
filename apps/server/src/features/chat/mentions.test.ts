import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { request, waitFor } from '../../realtime/test-support.js';
import { describeEachDialect } from '../../test/db.js';
import type { TestUser } from '../../test/users.js';
import { mentionCandidates } from './mentions.js';
import { startChatHarness, type ChatHarness } from './test-support.js';

describe('mentionCandidates', () => {
  it('reads the distinct lower-cased words that can be nicknames', () => {
    expect(mentionCandidates('Oi @Bob, tudo bem? bob! a ana-maria_2 e x')).toEqual([
      'oi',
      'bob',
      'tudo',
      'bem',
      'ana-maria_2',
    ]);
    expect(mentionCandidates(`${'z'.repeat(31)} ok`)).toEqual(['ok']);
  });
});

describeEachDialect('mentions', (dialect) => {
  let h: ChatHarness;
  const mentionsOf = (user: TestUser) =>
    h.t.app.db.selectFrom('notifications').select(['type', 'message']).where('user_to', '=', user.id).execute();

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterEach(() => h.disconnectAll());
  afterAll(() => h.close());

  it('notifies a present user named by their selected nickname (any case, whole word), never with the text', async () => {
    const [alice, bob, carol, dan] = [
      await h.member({ username: 'Alice' }),
      await h.member({ username: 'Bob' }),
      await h.member({ username: 'Carol' }),
      await h.member({ username: 'Dan' }),
    ];
    const added = await h.post(dan, '/api/nicknames', { nickname: 'Danilo' });
    await h.post(dan, '/api/select-nickname', { nicknameId: added.json().nickname.id });
    for (const user of [alice, bob, dan]) {
      const tab = await h.joined(user, '#miami');
      // a tab looking at the channel reads the line there: these look at another page (answered in order).
      tab.emit('focus', null);
      expect(await request(tab, 'join', '#miami')).toMatchObject({ ok: true });
    }
    await h.joined(carol, '#rio');

    const res = await h.post(alice, '/api/send-message', {
      channel: 'miami',
      text: 'oi BOB, carol, alice, dan e bobby; @danilo!',
    });
    expect(res.statusCode).toBe(200);
    await waitFor('mentions', async () => (await mentionsOf(bob)).length === 1 && (await mentionsOf(dan)).length === 1);
    expect({ bob: await mentionsOf(bob), dan: await mentionsOf(dan) }).toEqual({
      bob: [{ type: 'mention', message: '#miami' }],
      dan: [{ type: 'mention', message: '#miami' }],
    });
    // carol is not in the channel, alice is the sender, and "dan" is not Dan's selected nickname.
    expect({ carol: await mentionsOf(carol), alice: await mentionsOf(alice) }).toEqual({ carol: [], alice: [] });
  });
});
