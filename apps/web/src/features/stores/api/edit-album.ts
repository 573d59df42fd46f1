import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { api, revisionTag } from '../../../lib/api';
import type { AlbumFields } from './add-album';

/** 412 `edit_conflict` when `revision` (the store's version the form read) is stale (decision 028). */
export const editAlbum = (id: number, input: AlbumFields, revision: number) =>
  api(staffStoreRoutes.edit, { params: { id }, body: input, ifMatch: revisionTag(revision) });
