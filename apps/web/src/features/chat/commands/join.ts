import { channelPath } from '../../../config/paths';
import { channelArg, splitFirst } from './parse';
import { defineCommand } from './types';

/** `/join #channel`: opens the channel (a new valid name creates it, with you as founder). */
export const joinCommand = defineCommand({
  name: 'join',
  parse: (args) => {
    const [word, rest] = splitFirst(args);
    const channel = channelArg(word);
    return channel && !rest ? { channel } : null;
  },
  run: async (ctx, { channel }) => ctx.navigate(channelPath(channel)),
});
