import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { httpError } from '../../lib/http-error.js';
import { findChannel } from './channel-repo.js';
import { addFavoriteChannel, listFavoriteChannels, removeFavoriteChannel } from './favorite-repo.js';

async function channelId(db: Kysely<Database>, name: string): Promise<number> {
  const channel = await findChannel(db, name);
  if (!channel) throw httpError(404, 'channel_not_found');
  return channel.id;
}

/** Stars a channel (the star on the channel heading); answers the whole list. */
export async function starChannel(db: Kysely<Database>, userId: number, name: string): Promise<string[]> {
  await addFavoriteChannel(db, userId, await channelId(db, name));
  return listFavoriteChannels(db, userId);
}

/** Unstars a channel; a channel that was not a favourite is simply not in the answer. */
export async function unstarChannel(db: Kysely<Database>, userId: number, name: string): Promise<string[]> {
  await removeFavoriteChannel(db, userId, await channelId(db, name));
  return listFavoriteChannels(db, userId);
}
