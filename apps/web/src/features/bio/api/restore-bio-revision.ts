import { staffBioRoutes } from '@papo/contract/browser-routes/bio';
import { api, revisionTag } from '../../../lib/api';

/** Staff, `POST /api/bio/{id}/revisions/{revision}/restore`: a revision back as the entry's newest (412 `edit_conflict` when `current` is stale); answers the entry. */
export const restoreBioRevision = (id: number, revision: number, current: number) =>
  api(staffBioRoutes.restore, { params: { id, revision }, ifMatch: revisionTag(current) });
