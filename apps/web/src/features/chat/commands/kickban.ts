import { parseBanArgs, runBan } from './ban-args';
import { defineCommand } from './types';

/** `/kickban nick [+2h] [reason]`: bans and removes the member from the channel. */
export const kickbanCommand = defineCommand({
  name: 'kickban',
  parse: parseBanArgs,
  run: (ctx, params) => runBan(ctx, params, true),
});
