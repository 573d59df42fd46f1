import { chatLimits } from '@papo/contract/chat';
import { kickUser } from '../api/kick';
import { nicknameArg, splitFirst } from './parse';
import { reportFailure } from './report';
import { defineCommand } from './types';

/** `/kick nick [reason]`: removes the member from the channel (operators and above, on lower levels). */
export const kickCommand = defineCommand({
  name: 'kick',
  parse: (args) => {
    const [word, reason] = splitFirst(args);
    const nickname = nicknameArg(word);
    return nickname && [...reason].length <= chatLimits.reason ? { nickname, reason } : null;
  },
  run: async (ctx, { nickname, reason }) => {
    try {
      await kickUser(ctx.channel, nickname, reason || undefined);
    } catch (error) {
      reportFailure(ctx, error);
    }
  },
});
