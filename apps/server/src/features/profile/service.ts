import type { UserProfile } from '@papo/contract/profile';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseRoles } from '../../db/values.js';
import { uploadUrl } from '../uploads/index.js';
import { toNickname } from '../../db/member-name.js';
import { findProfile, toProfileConversations } from './repo.js';

/** Up to two capital letters: the first letters of the first and last words of the name, else of the username. */
export function userInitials(name: string, username: string): string {
  const initialsOf = (text: string) =>
    text
      .split(/\s+/)
      .map((word) => /\p{L}|\p{N}/u.exec(word)?.[0])
      .filter((letter): letter is string => Boolean(letter));
  const letters = initialsOf(name);
  const chosen = letters.length ? letters : initialsOf(username);
  const picked = chosen.length > 1 ? [chosen[0], chosen[chosen.length - 1]] : chosen;
  return picked.join('').toLocaleUpperCase();
}

/** Every field of the spec's User profile for one user; undefined when the user does not exist. */
export async function findUserProfile(db: Kysely<Database>, userId: number): Promise<UserProfile | undefined> {
  const row = await findProfile(db, userId);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    gender: row.gender,
    coinBalance: row.coin_balance,
    createdAt: row.created_at,
    birthday: row.birthday,
    nicknames: row.nicknames.map(toNickname),
    roles: parseRoles(row.roles),
    welcomeMessage: row.welcome_message,
    profileImage: row.profile_image === null ? null : uploadUrl(row.profile_image),
    instagram: row.instagram,
    youtube: row.youtube,
    language: row.language,
    favoriteChannels: row.favorites.map((favorite) => `#${favorite.name}`),
    conversations: toProfileConversations(row.conversations),
    userInitials: userInitials(row.name, row.username),
  };
}
