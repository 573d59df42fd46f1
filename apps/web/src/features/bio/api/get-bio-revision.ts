import { staffBioRoutes } from '@papo/contract/browser-routes/bio';
import { api } from '../../../lib/api';

/** Staff, `GET /api/bio/{id}/revisions/{revision}`: one kept version of an entry, as its history's "Ver" shows it. */
export const getBioRevision = (id: number, revision: number, signal: AbortSignal) =>
  api(staffBioRoutes.revision, { params: { id, revision }, signal });
