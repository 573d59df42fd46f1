import type { AlbumDetail } from '@papo/contract/stores';
import { storeChangesPaths } from '@papo/contract/stores';
import { apiFetch, revisionTag } from '../../../lib/api';

/** Makes a published store's unpublished changes live (412 `edit_conflict` when `revision` is stale); answers the store. */
export const publishAlbumChanges = (id: number, revision: number) =>
  apiFetch<AlbumDetail>(storeChangesPaths.publish(id), { method: 'POST', ifMatch: revisionTag(revision) });
