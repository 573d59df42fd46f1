import { errorKey } from '../lib/error-key';
import type { CommandContext } from './types';

/** A refused command as a ChanServ notice, the way IRC services answer. */
export function reportFailure(ctx: CommandContext, error: unknown): void {
  ctx.say('chanserv', { textKey: errorKey(error) }, 'error');
}
