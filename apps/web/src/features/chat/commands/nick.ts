import { listNicknames, registerNickname, selectNickname } from '../api/nicknames';
import { nicknameArg, splitFirst } from './parse';
import { reportFailure } from './report';
import { defineCommand } from './types';

/**
 * `/nick name`: chat under one of your nicknames; a name you do not have yet is registered to you
 * first (NickServ style). Everyone sees the change through the server's nickname events.
 */
export const nickCommand = defineCommand({
  name: 'nick',
  parse: (args) => {
    const [word, rest] = splitFirst(args);
    const nickname = nicknameArg(word);
    return nickname && !rest ? { nickname } : null;
  },
  run: async (ctx, { nickname }) => {
    if (nickname.toLowerCase() === ctx.nickname.toLowerCase()) {
      ctx.say('notice', { textKey: 'slash.alreadyNick', nickname });
      return;
    }
    try {
      const own = (await listNicknames()).find((entry) => entry.nickname.toLowerCase() === nickname.toLowerCase());
      const chosen = own ?? (await registerNickname(nickname));
      await selectNickname(chosen.id);
    } catch (error) {
      reportFailure(ctx, error);
    }
  },
});
