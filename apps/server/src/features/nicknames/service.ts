import { profileLimits, type Nickname } from '@papo/contract/profile';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/values.js';
import { httpError } from '../../lib/http-error.js';
import {
  countNicknames,
  deleteNickname,
  findOwnNickname,
  findSelectedNickname,
  findUsernameLower,
  insertNickname,
  lockUser,
  markSelected,
} from './repo.js';

/** What selecting a nickname changed; null when it already was the selected one. */
export interface NicknameChange {
  userId: number;
  oldNickname: string;
  nickname: Nickname;
}

const notFound = () => httpError(404, 'nickname_not_found');
const userNotFound = () => httpError(404, 'user_not_found');

/** Registers a nickname: same characters as usernames, unique across everyone, five per user at most. */
export async function addNickname(db: Kysely<Database>, userId: number, nickname: string): Promise<Nickname> {
  let added: Nickname;
  try {
    added = await db.transaction().execute(async (trx) => {
      if (!(await lockUser(trx, userId))) throw userNotFound();
      if ((await countNicknames(trx, userId)) >= profileLimits.nicknamesPerUser) throw httpError(400, 'nickname_limit');
      return insertNickname(trx, userId, nickname);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw httpError(409, 'nickname_taken', { nickname: ['nickname_taken'] });
    throw error;
  }
  // after the commit (the repo's writes run in the transaction above), as every member-read writer does.
  return added;
}

/** Drops one of the user's own nicknames, never the selected one nor the username itself. */
export async function removeNickname(db: Kysely<Database>, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await lockUser(trx, userId))) throw userNotFound();
    const nickname = await findOwnNickname(trx, userId, id);
    if (!nickname) throw notFound();
    if (nickname.isSelected) throw httpError(400, 'cannot_remove_selected');
    // the username's nickname keeps anyone else from registering it and posing as this user.
    if (nickname.nickname.toLowerCase() === (await findUsernameLower(trx, userId)))
      throw httpError(400, 'cannot_remove_username');
    await deleteNickname(trx, userId, id);
  });
}

/** Selects one of the user's own nicknames; answers what changed so the caller can announce it. */
export async function selectNickname(
  db: Kysely<Database>,
  userId: number,
  id: number,
): Promise<{ nickname: Nickname; change: NicknameChange | null }> {
  const selected = await db.transaction().execute(async (trx) => {
    if (!(await lockUser(trx, userId))) throw userNotFound();
    const nickname = await findOwnNickname(trx, userId, id);
    if (!nickname) throw notFound();
    if (nickname.isSelected) return { nickname, change: null };
    const oldNickname = (await findSelectedNickname(trx, userId)) ?? nickname.nickname;
    await markSelected(trx, userId, id);
    const chosen = { ...nickname, is_selected: true, isSelected: true };
    return { nickname: chosen, change: { userId, oldNickname, nickname: chosen } };
  });
  if (selected.change) {
    // the selected nickname is the name everyone in a conversation with the member sees in their lists.
  }
  return selected;
}
