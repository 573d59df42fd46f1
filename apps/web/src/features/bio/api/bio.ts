import type { RecordRevisionList } from '@papo/contract/editor';
import type { BioCoverInfo, BioCoverSaved, BioPage, BioSaved, BioSearchResponse, BioSectionsResponse, BioStaffSection } from '@papo/contract/bio';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, revisionTag } from '../../../lib/api';
import { retryServerErrors } from '../../../lib/retry';

const bioKeys = {
  page: (center: number) => ['bio', 'page', center] as const,
  tag: (tag: string) => ['bio', 'tag', tag.toLowerCase()] as const,
  search: (q: string) => ['bio', 'search', q] as const,
  card: (name: string) => ['bio', 'card', name.toLowerCase()] as const,
  person: (id: string) => ['bio', 'person', id] as const,
  staffList: (filter: 'years' | 'events') => ['bio', 'staff', filter] as const,
  cover: (id: string) => ['bio', 'cover', id] as const,
  revisions: (id: number) => ['me', 'bio', 'revisions', id] as const,
};


/** `GET /api/pages/bio?center=`: the year and up to three following. */
export function useBioPage(center: number) {
  return useQuery({
    queryKey: bioKeys.page(center),
    queryFn: ({ signal }) => apiFetch<BioPage>('/api/pages/bio', { query: { center }, auth: false, signal }),
    retry: retryServerErrors,
  });
}

/** `GET /api/pages/bio?tag=`: the first year holding a tag (404 when none does). */
export function useBioTagYear(tag: string | null) {
  return useQuery({
    queryKey: bioKeys.tag(tag ?? ''),
    queryFn: ({ signal }) => apiFetch<BioPage>('/api/pages/bio', { query: { tag: tag ?? '' }, auth: false, signal }),
    enabled: Boolean(tag),
    retry: retryServerErrors,
  });
}

export function useBioSearch(q: string) {
  return useQuery({
    queryKey: bioKeys.search(q),
    queryFn: ({ signal }) => apiFetch<BioSearchResponse>('/api/searchBioInput', { query: { q }, auth: false, signal }),
    enabled: q.trim() !== '',
    retry: retryServerErrors,
  });
}

/** `GET /api/searchBio?name=`: the tag's card first, then the entries it names. */
export function useBioCard(name: string, enabled = true) {
  return useQuery({
    queryKey: bioKeys.card(name),
    queryFn: ({ signal }) => apiFetch<BioSectionsResponse>('/api/searchBio', { query: { name }, auth: false, signal }),
    enabled,
    retry: retryServerErrors,
  });
}

export function usePerson(id: string) {
  return useQuery({
    queryKey: bioKeys.person(id),
    queryFn: ({ signal }) => apiFetch<BioSectionsResponse>(`/api/person/${encodeURIComponent(id)}`, { auth: false, signal }),
    retry: retryServerErrors,
  });
}

/** Staff: every entry of a kind, for the editor, each with its version. */
export function useBioEntries(filter: 'years' | 'events') {
  return useQuery({
    queryKey: bioKeys.staffList(filter),
    queryFn: ({ signal }) => apiFetch<BioStaffSection[]>('/api/bio', { query: { filter }, signal }),
    retry: retryServerErrors,
  });
}

/** An entry in the editor: `id` null until saved; its version (0 when new) goes back as `If-Match`. */
export type BioDraft = Omit<BioStaffSection, 'id'> & { id: number | null };

/** Staff: one entry with its version (after a conflict: the one saved meanwhile). */
export const readBioEntry = (id: number) => apiFetch<BioCoverInfo>(`/api/bio/${id}`);

/** Staff: an entry's history panel (its query key and its call). */
export const bioRevisions = {
  queryKey: bioKeys.revisions,
  load: (id: number, signal: AbortSignal) => apiFetch<RecordRevisionList>(`/api/bio/${id}/revisions`, { signal }),
};

/** Staff: brings a revision back as the entry's newest (412 `edit_conflict` when `current` is stale); answers the entry. */
export const restoreBioRevision = (id: number, revision: number, current: number) =>
  apiFetch<BioCoverInfo>(`/api/bio/${id}/revisions/${revision}/restore`, { method: 'POST', ifMatch: revisionTag(current) });

/** Staff: POST a new entry or PUT a saved one (412 `edit_conflict` when its version is stale); the public pages refetch afterwards. */
export function useSaveBio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, revision, revisionAuthor: _author, revisionAt: _at, ...entry }: BioDraft) =>
      id === null
        ? apiFetch<BioSaved>('/api/bio', { json: entry })
        : apiFetch<BioSaved>(`/api/bio/${id}`, { method: 'PUT', json: entry, ifMatch: revisionTag(revision) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bio'], refetchType: 'none' }),
  });
}

export function useDeleteBio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/api/bio/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bio'], refetchType: 'none' }),
  });
}

export function useBioCover(id: string) {
  return useQuery({
    queryKey: bioKeys.cover(id),
    queryFn: ({ signal }) => apiFetch<BioCoverInfo>(`/api/bio/${encodeURIComponent(id)}`, { signal }),
    retry: retryServerErrors,
  });
}

export function useUploadBioCover() {
  const queryClient = useQueryClient();
  return useMutation({
    // The entry's version the screen read goes as If-Match: a stale one is 412 `edit_conflict` (decision 028).
    mutationFn: ({ form, revision }: { form: FormData; revision: number }) => apiFetch<BioCoverSaved>('/api/uploadBioCover', { multipart: form, ifMatch: revisionTag(revision) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['bio'] }),
  });
}
