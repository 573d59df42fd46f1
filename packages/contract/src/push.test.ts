import { describe, expect, it } from 'vitest';
import { pushKindOf } from './push.js';

describe('the push kind of each notification type', () => {
  it.each([
    ['new_private_message', 'private_message'],
    ['conversation_opened', 'private_message'],
    ['mention', 'mention'],
    ['channel_level_operator', 'level'],
    ['channel_level_user', 'level'],
    ['channel_level_changed', 'level'],
    ['kicked', 'moderation'],
    ['banned', 'moderation'],
    ['contact_replied', 'contact_reply'],
  ])('%s is pushed as %s', (type, kind) => expect(pushKindOf(type)).toBe(kind));

  it('pushes no type it does not know', () => {
    expect(pushKindOf('channel_level_emperor')).toBeNull();
    expect(pushKindOf('')).toBeNull();
  });
});
