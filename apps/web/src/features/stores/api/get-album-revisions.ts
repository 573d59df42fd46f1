import type { RecordRevisionList } from '@papo/contract/editor';
import { apiFetch } from '../../../lib/api';

/** The store's history panel: every save, newest first. */
export const getAlbumRevisions = (id: number, signal: AbortSignal) =>
  apiFetch<RecordRevisionList>(`/api/album/${id}/revisions`, { signal });
