import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { api } from '../../../lib/api';

/** One kept version of a store, as its history's "Ver" shows it. */
export const getAlbumRevision = (id: number, revision: number, signal: AbortSignal) =>
  api(staffStoreRoutes.revision, { params: { id, revision }, signal });
