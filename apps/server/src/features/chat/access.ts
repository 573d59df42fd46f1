import { reservedChannelPrefix } from '@papo/contract/channels';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ChannelAccess } from '../../realtime/types.js';
import { findOrFoundChannel } from './founding.js';
import { findJoinStanding } from './join-repo.js';

/**
 * The chat's rules for the real-time `join`: an unknown channel is refused with `channel_not_found`
 * unless the join asks to create it; then the joiner founds it, within the founding limits. A banned
 * user is refused with `banned` until the ban ends or is lifted.
 * joining an existing channel reads everything in one query (decision 021).
 */
export function createChannelAccess(db: Kysely<Database>): ChannelAccess {
  return {
    async prepareJoin(user, name, intent) {
      // no channel can exist under the prefix, so refusing before creating it only stops its creation.
      if (name.startsWith(reservedChannelPrefix)) return { ok: false, message: 'invalid_room' };
      let standing = await findJoinStanding(db, user.userId, name, new Date().toISOString());
      if (!standing) {
        // a typo must not found a channel: only a join that says `create` founds one.
        if (!intent.create) return { ok: false, message: 'channel_not_found' };
        const founding = await findOrFoundChannel(db, user, name);
        if (!founding.ok) return founding;
        standing = await findJoinStanding(db, user.userId, name, new Date().toISOString());
        if (!standing) throw new Error(`channel ${name} vanished after it was founded`);
      }
      if (standing.banned) return { ok: false, message: 'banned' };
      return { ok: true, nickname: standing.nickname ?? user.username, levels: standing.levels };
    },
  };
}
