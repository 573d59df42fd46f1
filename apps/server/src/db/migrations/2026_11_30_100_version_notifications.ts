import { isPostgres, versionBumpFunction, type AnyDb } from './helpers.js';

/*
 * On PostgreSQL, the triggers that move a version row also tell every node which row moved and to what
 * (`pg_notify('papo_version', '<row>:<version>')`, delivered at the writer's commit): a node then knows a kept
 * answer still holds without reading the row on every turn (decision 031). SQLite keeps reading the row.
 */
const versionRows = ['search_version', 'article_version', 'channel_version'];

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const name of versionRows) await versionBumpFunction(db, name, { notify: true });
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const name of versionRows) await versionBumpFunction(db, name, { notify: false });
}
