import { actLevels, type LevelAct } from '@papo/contract/peace';
import { setChannelLevel } from '../api/channel-level';
import { nicknameArg, splitFirst } from './parse';
import { reportFailure } from './report';
import { defineCommand, type SlashCommand } from './types';

/**
 * `/op nick` and friends: the same call as the ChanServ dialog. Success says nothing here: the room's `level-changed`
 * line (which the member who asked hears too) tells it once; only a refusal is ChanServ's answer.
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
        await setChannelLevel(ctx.channel, nickname, actLevels[action]);
      } catch (error) {
        reportFailure(ctx, error);
      }
    },
  });
}
