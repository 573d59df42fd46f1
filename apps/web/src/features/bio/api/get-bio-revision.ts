import type { BioRevisionView } from '@papo/contract/bio';
import { apiFetch } from '../../../lib/api';

/** Staff, `GET /api/bio/{id}/revisions/{revision}`: one kept version of an entry, as its history's "Ver" shows it. */
export const getBioRevision = (id: number, revision: number, signal: AbortSignal) =>
  apiFetch<BioRevisionView>(`/api/bio/${id}/revisions/${revision}`, { signal });
