import type { AlbumRevisionView } from '@papo/contract/stores';
import { apiFetch } from '../../../lib/api';

/** One kept version of a store, as its history's "Ver" shows it. */
export const getAlbumRevision = (id: number, revision: number, signal: AbortSignal) =>
  apiFetch<AlbumRevisionView>(`/api/album/${id}/revisions/${revision}`, { signal });
