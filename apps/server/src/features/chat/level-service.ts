import { channelLevels } from '@papo/contract/channels';
import type { GrantableLevel } from '@papo/contract/chat';
import { rooms } from '@papo/contract/socket-events';
import { levelChangeRefusal, levelNotificationType } from '@papo/contract/peace';
import { httpError } from '../../lib/http-error.js';
import { setFounder } from './channel-repo.js';
import type { ChatContext } from './context.js';
import { saveLevel } from './level-repo.js';
import { confront } from './standing.js';

/**
 * ChanServ access change under Anope's PEACE (OP 5, DEOP/DEMASTER 0, VOICE 3, MASTER 10; staff also
 * name founders, 100). The new level reaches the room as `level-changed` and the target as a notification; a level the
 * target already has writes nothing and tells no one, and `changed: false` lets the one who asked say so.
 */
export async function changeChannelLevel(
  ctx: ChatContext,
  actorId: number,
  input: { nickname: string; channel: string; level: GrantableLevel },
): Promise<{ name: string; level: number; changed: boolean }> {
  const { channel, actor, target } = await confront(ctx, actorId, input.channel, input.nickname);
  const refusal = levelChangeRefusal(actor.level, target.level, input.level);
  if (refusal) throw httpError(403, refusal);

  const name = target.member.nickname;
  if (target.stored === input.level) return { name, level: input.level, changed: false };
  await ctx.db.transaction().execute(async (trx) => {
    await saveLevel(trx, channel.id, target.member.id, input.level);
    if (input.level === channelLevels.founder) await setFounder(trx, channel.id, target.member.id);
    else if (channel.founderId === target.member.id) await setFounder(trx, channel.id, null);
  });
  ctx.rt.to(rooms.channel(channel.name)).emit('level-changed', {
    channel: `#${channel.name}`,
    userId: target.member.id,
    nickname: name,
    level: input.level,
    by: actor.member.nickname,
  });
  ctx.notify({
    userTo: target.member.id,
    type: levelNotificationType(input.level),
    message: `#${channel.name}`,
    by: actor.member.nickname,
  });
  return { name, level: input.level, changed: true };
}
