import { isReservedChannelName } from '@papo/contract/channels';
import { channelPath } from '../../../config/paths';
import { channelArg, splitFirst } from './parse';
import { defineCommand } from './types';

/**
 * `/join #channel`: opens the channel (a new valid name creates it, with you as founder). A name that is a page's
 * address (`#irc`, `#blog`) is no channel: it is said so, as the server refuses founding it, instead of opening the page.
 */
export const joinCommand = defineCommand({
  name: 'join',
  parse: (args) => {
    const [word, rest] = splitFirst(args);
    const channel = channelArg(word);
    return channel && !rest ? { channel } : null;
  },
  run: async (ctx, { channel }) => {
    if (isReservedChannelName(channel)) return ctx.say('notice', { textKey: 'errors.channel_name_reserved' }, 'error');
    ctx.navigate(channelPath(channel));
  },
});
