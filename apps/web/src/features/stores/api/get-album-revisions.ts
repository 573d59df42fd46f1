import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { api } from '../../../lib/api';

/** The store's history panel: every save, newest first. */
export const getAlbumRevisions = (id: number, signal: AbortSignal) =>
  api(staffStoreRoutes.revisions, { params: { id }, signal });
