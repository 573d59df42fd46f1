import { describe, expect, it } from 'vitest';
import { banBody, channelLevelBody, levelPrefix, sendMessageBody, sortByLevel, staffLevel } from './chat.js';

describe('sendMessageBody', () => {
  it.each([
    [
      { channel: '#barra', text: '  oi  ' },
      { channel: 'barra', text: 'oi', kind: undefined },
    ],
    [
      { channel: 'barra', text: '/me acena ' },
      { channel: 'barra', text: 'acena', kind: 'action' },
    ],
    [
      { channel: 'barra', text: '/ME acena' },
      { channel: 'barra', text: 'acena', kind: 'action' },
    ],
    [
      { channel: 'barra', text: 'acena', action: true },
      { channel: 'barra', text: 'acena', kind: 'action' },
    ],
    [
      { channel: 'barra', text: '/meus', username: 'spoof' },
      { channel: 'barra', text: '/meus', kind: undefined },
    ],
  ])('parses %j', (input, output) => {
    expect(sendMessageBody.parse(input)).toEqual(output);
  });

  it.each([
    [{ channel: 'barra', text: '/me' }, 'text', 'text_required'],
    [{ channel: 'barra', text: 'a'.repeat(501) }, 'text', 'too_long'],
    [{ channel: 'barra', text: '/me ' + 'a'.repeat(501) }, 'text', 'too_long'],
    [{ channel: '#', text: 'oi' }, 'channel', 'invalid_channel'],
    [{ channel: 'a'.repeat(31), text: 'oi' }, 'channel', 'invalid_channel'],
    [{ channel: 'barra', text: 'oi', action: 'yes' }, 'action', 'invalid_type'],
  ])('refuses %j', (input, field, key) => {
    const result = sendMessageBody.safeParse(input);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([[field, key]]);
  });
});

describe('channelLevelBody and banBody', () => {
  it('takes a level as a number or decimal text, and only the grantable ones', () => {
    expect(channelLevelBody.parse({ nickname: 'ana', channel_name: '#rio', new_level: '10' }).new_level).toBe(10);
    expect(
      channelLevelBody.safeParse({ nickname: 'ana', channel_name: '#rio', new_level: 4 }).error?.issues[0]?.message,
    ).toBe('invalid_level');
  });

  it('defaults a ban to a KICKBAN of 24 hours', () => {
    expect(banBody.parse({ channel: 'rio', nickname: 'ana' })).toEqual({
      channel: 'rio',
      nickname: 'ana',
      duration_minutes: 1440,
      kick: true,
    });
    expect(banBody.parse({ channel: 'rio', nickname: 'ana', duration_minutes: '60', kick: false })).toMatchObject({
      duration_minutes: 60,
      kick: false,
    });
  });
});

describe('levels in the user list', () => {
  it('prefixes founder and staff ~, master &, operator @, voiced +', () => {
    expect([staffLevel, 100, 10, 5, 3, 0].map(levelPrefix)).toEqual(['~', '~', '&', '@', '+', '']);
  });

  it('sorts by level, then nickname', () => {
    const users = [
      { id: 1, nickname: 'zeca', level: 0 },
      { id: 2, nickname: 'ana', level: 5 },
      { id: 3, nickname: 'bia', level: 0 },
      { id: 4, nickname: 'duda' },
      { id: 5, nickname: 'staff', level: staffLevel },
    ];
    expect(sortByLevel(users).map((u) => u.nickname)).toEqual(['staff', 'ana', 'bia', 'duda', 'zeca']);
  });
});
