import { reservedChannelPrefix } from '@papo/contract/channels';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ChannelAccess } from '../../realtime/types.js';
import { isBanned } from './ban-repo.js';
import { findOrFoundChannel } from './founding.js';
import { findChannelLevels } from './level-repo.js';

/**
 * The chat's rules for the real-time `join`: a valid unknown channel is created with the joiner as
 * founder, within the founding limits; a banned user is refused with `banned` until the ban ends or is lifted.
 */
export function createChannelAccess(db: Kysely<Database>): ChannelAccess {
  return {
    async prepareJoin(user, name) {
      // NOTE: no channel can exist under the prefix, so refusing before creating it only stops its creation.
      if (name.startsWith(reservedChannelPrefix)) return { ok: false, message: 'invalid_room' };
      const founding = await findOrFoundChannel(db, user, name);
      if (!founding.ok) return founding;
      if (await isBanned(db, founding.channel.id, user.userId, new Date().toISOString())) return { ok: false, message: 'banned' };
      return { ok: true };
    },
    levelsOf(name) {
      return findChannelLevels(db, name);
    },
  };
}
