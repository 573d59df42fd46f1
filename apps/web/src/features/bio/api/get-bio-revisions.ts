import { staffBioRoutes } from '@papo/contract/browser-routes/bio';
import { api } from '../../../lib/api';
import { bioKeys } from './bio-keys';

/** Staff, `GET /api/bio/{id}/revisions`: an entry's history panel (its query key and its call). */
export const bioRevisions = {
  queryKey: bioKeys.revisions,
  load: (id: number, signal: AbortSignal) => api(staffBioRoutes.revisions, { params: { id }, signal }),
};
