import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NicknameAnnouncement } from '../../realtime/types.js';
import type { NicknameSource } from '../../realtime/types.js';
import { findOwnNicknameByName, findSelectedNickname } from './repo.js';
import { selectNickname, type NicknameChange } from './service.js';

/** What the room members are told of a selection. */
export function toAnnouncement(change: NicknameChange): NicknameAnnouncement {
  return { userId: change.userId, oldNickname: change.oldNickname, newNickname: change.nickname.nickname };
}

/**
 * The nicknames feature's part of the real-time context (given to the realtime plugin in app.ts): every
 * socket chats under its user's selected nickname, and the client's `change-nickname` selects one of the
 * user's own.
 */
export function createNicknameSource(db: Kysely<Database>): NicknameSource {
  return {
    selected: (userId) => findSelectedNickname(db, userId),
    async changeFromClient(userId, nickname) {
      const own = await findOwnNicknameByName(db, userId, nickname);
      if (!own) return 'not_owned';
      const { change } = await selectNickname(db, userId, own.id);
      return change && toAnnouncement(change);
    },
  };
}
