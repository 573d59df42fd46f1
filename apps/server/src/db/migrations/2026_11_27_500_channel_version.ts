import { createVersionRow, dropVersionRow, type AnyDb } from './helpers.js';

/*
 * `channel_version`: moves with every change to the channels table (a channel founded, its topic or category set,
 * a channel dropped), so the public channel list is answered from memory until it moves
 * (features/channels/routes.ts, decision 020), whichever node or writer changed it.
 */
const sources = [{ table: 'channels' }];

export async function up(db: AnyDb): Promise<void> {
  await createVersionRow(db, 'channel_version', sources);
}

export async function down(db: AnyDb): Promise<void> {
  await dropVersionRow(db, 'channel_version', sources);
}
