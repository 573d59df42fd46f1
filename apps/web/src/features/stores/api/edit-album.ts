import type { AlbumSaved } from '@papo/contract/stores';
import { apiFetch, revisionTag } from '../../../lib/api';
import type { AlbumFields } from './add-album';

/** 412 `edit_conflict` when `revision` (the store's version the form read) is stale (decision 028). */
export const editAlbum = (id: number, input: AlbumFields, revision: number) =>
  apiFetch<AlbumSaved>(`/api/album_edit/${id}`, { method: 'PUT', json: input, ifMatch: revisionTag(revision) });
