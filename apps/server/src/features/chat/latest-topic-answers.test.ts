import type { UserProfile } from '@papo/contract/profile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CachedValue } from '../../lib/conditional.js';
import type { TopicChannel, TopicStanding } from './latest-topic-repo.js';
import { latestTopicAnswers, type TopicReads } from './topic-service.js';

const kept = <V>(value: V): CachedValue<V> => ({ value, json: JSON.stringify(value), etag: '"x"' });

const profile = (nickname: string): UserProfile =>
  ({
    id: 7,
    username: 'ana',
    roles: ['ROLE_USER'],
    nicknames: [{ nickname, is_selected: true }],
  }) as unknown as UserProfile;

/** Reads that answer whatever values the test holds now: the same objects until the test replaces one, as the node's caches do. */
function parts() {
  const now = {
    member: kept(profile('Ana')) as CachedValue<UserProfile> | undefined,
    channel: kept<TopicChannel>({ id: 3, topic: 'bom dia', topicBy: 'Zé', topicAt: '2026-11-24T10:00:00.000Z' }) as
      CachedValue<TopicChannel> | undefined,
    standing: kept<TopicStanding>({ levels: { 3: 5 }, bans: {} }),
  };
  const reads: TopicReads = {
    member: async () => now.member,
    channel: async () => now.channel,
    standing: async () => now.standing,
  };
  return { now, reads };
}

describe('latest-topic answers kept while their parts are', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same kept answer while its three parts are the values kept, its JSON as the route sent it', async () => {
    const { reads } = parts();
    const answers = latestTopicAnswers(reads);
    const first = await answers(7, 'barra');
    expect(JSON.parse(first.json)).toEqual({
      status: 'success',
      data: {
        topic: 'bom dia',
        nickname: 'Ana',
        has_nickname: false,
        user_channel_level: 5,
        topic_by: 'Zé',
        topic_at: '2026-11-24T10:00:00.000Z',
      },
    });
    expect(await answers(7, 'barra')).toBe(first);
    // Another channel of the same member is another answer.
    expect(await answers(7, 'rio')).not.toBe(first);
  });

  it('makes a new answer when any part was dropped and read again (a topic, a level, a nickname)', async () => {
    const { now, reads } = parts();
    const answers = latestTopicAnswers(reads);
    const first = await answers(7, 'barra');
    now.channel = kept<TopicChannel>({ id: 3, topic: 'boa noite', topicBy: 'Zé', topicAt: '2026-11-24T20:00:00.000Z' });
    const second = await answers(7, 'barra');
    expect(second).not.toBe(first);
    expect(second.value.data.topic).toBe('boa noite');
    now.standing = kept<TopicStanding>({ levels: { 3: 10 }, bans: {} });
    expect((await answers(7, 'barra')).value.data.user_channel_level).toBe(10);
    now.member = kept(profile('Aninha'));
    expect((await answers(7, 'barra')).value.data.nickname).toBe('Aninha');
  });

  it('an answer with a ban in force holds until the ban ends, then says the level again', async () => {
    const { now, reads } = parts();
    const ends = new Date(Date.now() + 60_000);
    now.standing = kept<TopicStanding>({ levels: { 3: 5 }, bans: { 3: ends.toISOString() } });
    const answers = latestTopicAnswers(reads);
    const banned = await answers(7, 'barra');
    expect(banned.value.data.user_channel_level).toBe(0);
    expect(await answers(7, 'barra')).toBe(banned);
    vi.useFakeTimers({ toFake: ['Date'], now: ends.getTime() });
    const after = await answers(7, 'barra');
    expect(after.value.data.user_channel_level).toBe(5);
    // A ban for ever holds the answer until the standing changes.
    now.standing = kept<TopicStanding>({ levels: { 3: 5 }, bans: { 3: null } });
    const forever = await answers(7, 'barra');
    expect(forever.value.data.user_channel_level).toBe(0);
    vi.setSystemTime(ends.getTime() + 365 * 24 * 3600_000);
    expect(await answers(7, 'barra')).toBe(forever);
  });

  it('an unknown channel answers no topic and level 0, and its founding is seen at the next read', async () => {
    const { now, reads } = parts();
    now.channel = undefined;
    const answers = latestTopicAnswers(reads);
    const unknown = await answers(7, 'novo');
    expect(unknown.value.data).toMatchObject({ topic: null, user_channel_level: 0 });
    now.channel = kept<TopicChannel>({ id: 3, topic: null, topicBy: null, topicAt: null });
    expect((await answers(7, 'novo')).value.data.user_channel_level).toBe(5);
  });

  it('takes the parts the node holds now without a promise, and still sees a part replaced', async () => {
    const { now, reads } = parts();
    let asked = 0;
    const counted: TopicReads = {
      member: (userId) => (asked++, reads.member(userId)),
      channel: (name) => (asked++, reads.channel(name)),
      standing: (userId) => (asked++, reads.standing(userId)),
      now: () =>
        now.member && now.channel ? { member: now.member, channel: now.channel, standing: now.standing } : undefined,
    };
    const answers = latestTopicAnswers(counted);
    const first = await answers(7, 'barra');
    expect(await answers(7, 'barra')).toBe(first);
    expect(asked).toBe(0);
    now.standing = kept<TopicStanding>({ levels: { 3: 10 }, bans: {} });
    expect((await answers(7, 'barra')).value.data.user_channel_level).toBe(10);
    // A part the node does not hold now (an unknown channel) is asked for.
    now.channel = undefined;
    expect((await answers(7, 'barra')).value.data).toMatchObject({ topic: null, user_channel_level: 0 });
    expect(asked).toBe(3);
  });

  it('refuses a member that is gone (404 user_not_found) and keeps nothing for them', async () => {
    const { now, reads } = parts();
    now.member = undefined;
    const answers = latestTopicAnswers(reads);
    await expect(answers(7, 'barra')).rejects.toMatchObject({ statusCode: 404, message: 'user_not_found' });
  });
});
