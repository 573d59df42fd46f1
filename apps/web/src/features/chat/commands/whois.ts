import { nicknameArg, splitFirst } from './parse';
import { defineCommand } from './types';

/** `/whois nick`: the NickServ card of a member. */
export const whoisCommand = defineCommand({
  name: 'whois',
  parse: (args) => {
    const [word, rest] = splitFirst(args);
    const nickname = nicknameArg(word);
    return nickname && !rest ? { nickname } : null;
  },
  run: async (ctx, { nickname }) => ctx.openWhois(nickname),
});
