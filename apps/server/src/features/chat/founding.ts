import { isStaff } from '@papo/contract/auth';
import { isReservedChannelName } from '@papo/contract/channels';
import { chatLimits } from '@papo/contract/chat';
import type { RoomAck } from '@papo/contract/socket-events';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { lockUser } from '../nicknames/index.js';
import { countFounded, findChannel, foundedSince, insertChannel, type ChannelRecord } from './channel-repo.js';

const day = 24 * 60 * 60 * 1000;

/** A member founding a channel: who, and whether staff (exempt from the limits). */
export interface Founder {
  userId: number;
  roles: readonly string[];
}

export type Founding = { ok: true; channel: ChannelRecord } | Extract<RoomAck, { ok: false }>;

/**
 * Why the member may not found another channel now, or null. `channel_total_limit` once they found
 * `channelsFounded`; `channel_daily_limit` after `channelsPerDay` in the last 24 hours, with the seconds
 * until the oldest of those leaves the window (HTTP's 429 with `Retry-After`).
 */
async function foundingRefusal(trx: Transaction<Database>, founderId: number, now: Date): Promise<Founding | null> {
  if ((await countFounded(trx, founderId)) >= chatLimits.channelsFounded)
    return { ok: false, message: 'channel_total_limit' };
  const since = new Date(now.getTime() - day).toISOString();
  const recent = await foundedSince(trx, founderId, since, chatLimits.channelsPerDay);
  const [oldest] = recent;
  if (recent.length < chatLimits.channelsPerDay || oldest === undefined) return null;
  const retryAfter = Math.max(1, Math.ceil((Date.parse(oldest) + day - now.getTime()) / 1000));
  return { ok: false, message: 'channel_daily_limit', retryAfter };
}

/**
 * The channel named `name`, founded by the member when it does not exist yet, within the limits
 * (members only; staff are exempt). The member's row is locked, so two joins at once cannot both
 * pass the count; a channel someone else created meanwhile is simply joined.
 */
export async function findOrFoundChannel(
  db: Kysely<Database>,
  founder: Founder,
  name: string,
  now = new Date(),
): Promise<Founding> {
  const existing = await findChannel(db, name);
  if (existing) return { ok: true, channel: existing };
  // a channel already named so (founded before the name was a page's) stays open; only a new one is refused.
  if (isReservedChannelName(name)) return { ok: false, message: 'channel_name_reserved' };
  const founding = await db.transaction().execute(async (trx): Promise<Founding> => {
    if (!isStaff(founder.roles)) {
      await lockUser(trx, founder.userId);
      const meanwhile = await findChannel(trx, name);
      if (meanwhile) return { ok: true, channel: meanwhile };
      const refusal = await foundingRefusal(trx, founder.userId, now);
      if (refusal) return refusal;
    }
    await insertChannel(trx, name, founder.userId, now.toISOString());
    const channel = await findChannel(trx, name);
    if (!channel) throw new Error(`channel ${name} vanished while being created`);
    return { ok: true, channel };
  });
  // latest-topic's kept levels are forgotten when this transaction commits (db/changes.ts).
  return founding;
}
