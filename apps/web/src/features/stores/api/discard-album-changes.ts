import type { AlbumDetail } from '@papo/contract/stores';
import { storeChangesPaths } from '@papo/contract/stores';
import { apiFetch, revisionTag } from '../../../lib/api';

/** Drops a published store's unpublished changes (412 `edit_conflict` when `revision` is stale); answers the store. */
export const discardAlbumChanges = (id: number, revision: number) =>
  apiFetch<AlbumDetail>(storeChangesPaths.discard(id), { method: 'DELETE', ifMatch: revisionTag(revision) });
