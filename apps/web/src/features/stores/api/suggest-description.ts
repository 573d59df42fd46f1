import type { SuggestedDescription } from '@papo/contract/stores';
import { apiFetch } from '../../../lib/api';

export const suggestDescription = (id: number) =>
  apiFetch<SuggestedDescription>(`/api/album/${id}/suggestStoreDescription`, { method: 'POST' });
