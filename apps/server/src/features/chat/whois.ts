import type { WhoisAnswer } from '@papo/contract/chat';
import { ageOn } from '@papo/contract/profile';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';
import { uploadUrl } from '../uploads/index.js';
import { findMemberByName } from '../users/index.js';

/** NickServ INFO: the public side of a profile, found by any nickname or the username; 404 `user_not_found`. */
export async function whois(db: Kysely<Database>, name: string): Promise<WhoisAnswer> {
  const member = await findMemberByName(db, name);
  const row =
    member &&
    (await db
      .selectFrom('users')
      .select(['profile_image', 'gender', 'birthday', 'instagram', 'youtube', 'welcome_message', 'language'])
      .where('id', '=', member.id)
      .executeTakeFirst());
  if (!member || !row) throw httpError(404, 'user_not_found');
  return {
    data: {
      nickname: member.nickname,
      profileImage: row.profile_image === null ? null : uploadUrl(row.profile_image),
      gender: row.gender,
      age: row.birthday === null ? null : ageOn(row.birthday),
      instagram: row.instagram,
      youtube: row.youtube,
      welcomeMessage: row.welcome_message,
    },
    language: row.language,
  };
}
