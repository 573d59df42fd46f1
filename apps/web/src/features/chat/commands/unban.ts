import { unbanUser } from '../api/unban';
import { nicknameArg, splitFirst } from './parse';
import { reportFailure } from './report';
import { defineCommand } from './types';

/** `/unban nick`: lifts the member's ban in this channel. */
export const unbanCommand = defineCommand({
  name: 'unban',
  parse: (args) => {
    const [word, rest] = splitFirst(args);
    const nickname = nicknameArg(word);
    return nickname && !rest ? { nickname } : null;
  },
  run: async (ctx, { nickname }) => {
    try {
      await unbanUser(ctx.channel, nickname);
    } catch (error) {
      reportFailure(ctx, error);
    }
  },
});
