import { actLevels, type LevelAct } from '@papo/contract/peace';
import { setChannelLevel } from '../api/channel-level';
import { alreadyAtLevel } from '../lib/levels';
import { nicknameArg, splitFirst } from './parse';
import { reportFailure } from './report';
import { defineCommand, type SlashCommand } from './types';

/**
 * `/op nick` and friends: the same call as the ChanServ dialog. A change says nothing here: the room's `level-changed`
 * line (which the member who asked hears too) tells it once. A level the target already had reaches no one else (the
 * server writes and sends nothing), so ChanServ says so here, as it answers a refusal.
 */
export function levelCommand(name: string, action: LevelAct): SlashCommand<{ nickname: string }> {
  return defineCommand({
    name,
    parse: (args) => {
      const [word, rest] = splitFirst(args);
      const nickname = nicknameArg(word);
      return nickname && !rest ? { nickname } : null;
    },
    run: async (ctx, { nickname }) => {
      try {
        const answer = await setChannelLevel(ctx.channel, nickname, actLevels[action]);
        if (!answer.changed) {
          const textKey = alreadyAtLevel(answer.level);
          ctx.say('chanserv', { textKey, nickname: answer.name || nickname, channel: ctx.channel });
        }
      } catch (error) {
        reportFailure(ctx, error);
      }
    },
  });
}
