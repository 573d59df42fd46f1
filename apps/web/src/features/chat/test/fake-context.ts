import type { OnlineUser } from '@papo/contract/socket-events';
import { vi } from 'vitest';
import type { CommandContext } from '../commands/types';

/** A command context that records what commands do; `users` are the channel's online list. */
export function fakeContext(
  overrides: Partial<Pick<CommandContext, 'channel' | 'nickname' | 'topic'>> = {},
  users: OnlineUser[] = [],
) {
  const ctx = {
    channel: 'barra',
    nickname: 'ana',
    topic: null as string | null,
    ...overrides,
    say: vi.fn<CommandContext['say']>(),
    send: vi.fn<CommandContext['send']>(async () => undefined),
    navigate: vi.fn<CommandContext['navigate']>(),
    openWhois: vi.fn<CommandContext['openWhois']>(),
    findUser: (nickname: string) => users.find((user) => user.nickname.toLowerCase() === nickname.toLowerCase()),
    part: vi.fn<CommandContext['part']>(),
  };
  return ctx;
}
