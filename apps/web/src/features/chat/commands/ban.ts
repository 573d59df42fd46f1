import { parseBanArgs, runBan } from './ban-args';
import { defineCommand } from './types';

/** `/ban nick [+2h] [reason]`: bans without kicking, as IRC's /ban sets the mode only. */
export const banCommand = defineCommand({
  name: 'ban',
  parse: parseBanArgs,
  run: (ctx, params) => runBan(ctx, params, false),
});
