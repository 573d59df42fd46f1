import { actLevels, type LevelAct } from '@papo/contract/peace';
import { setChannelLevel } from '../api/channel-level';
import { nicknameArg, splitFirst } from './parse';
import { reportFailure } from './report';
import { defineCommand, type SlashCommand } from './types';

/**
 * `/op nick` and friends: the same call as the ChanServ dialog. The room sees the new level through
 * `level-changed`; the member who asked also gets ChanServ's answer.
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
        ctx.say('chanserv', { textKey: 'chanserv.levelSuccess', name: answer.name }, 'level');
      } catch (error) {
        reportFailure(ctx, error);
      }
    },
  });
}
