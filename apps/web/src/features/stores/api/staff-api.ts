import type { RecordRevisionList } from '@papo/contract/editor';
import type { AlbumCategory, AlbumCreated, AlbumDetail, AlbumPage, AlbumSaved, StoreCountry, SuggestedDescription } from '@papo/contract/stores';
import { storeChangesPaths, storeLimits, storeUploadFields } from '@papo/contract/stores';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch, revisionTag } from '../../../lib/api';

// NOTE: under 'me' because logout drops those queries; unpublished stores must not outlive the session in the cache.
export const staffKeys = {
  all: ['me', 'stores'] as const,
  list: ['me', 'stores', 'list'] as const,
  album: (id: number) => ['me', 'stores', 'album', id] as const,
  categories: ['me', 'stores', 'categories'] as const,
  revisions: (id: number) => ['me', 'stores', 'revisions', id] as const,
};

export function useAlbums() {
  return useInfiniteQuery({
    queryKey: staffKeys.list,
    queryFn: ({ pageParam, signal }) => apiFetch<AlbumPage>('/api/albums', { query: { page: pageParam, limit: storeLimits.pageSize }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function useAlbumCategories() {
  return useQuery({ queryKey: staffKeys.categories, queryFn: ({ signal }) => apiFetch<AlbumCategory[]>('/api/album-categories', { signal }), staleTime: Infinity });
}

export function useAlbum(id: number | null) {
  return useQuery({
    queryKey: staffKeys.album(id ?? 0),
    queryFn: ({ signal }) => apiFetch<AlbumDetail>(`/api/albumInfo/${id}`, { signal }),
    enabled: id !== null,
  });
}

export interface AlbumFields {
  name: string;
  country: StoreCountry;
  category: number | null;
}

export const addAlbum = (input: AlbumFields & { slug: string }) => apiFetch<AlbumCreated>('/api/album/add', { method: 'POST', json: input });
export const addCourseStore = (input: { name: string; slug: string; country: StoreCountry }) =>
  apiFetch<AlbumCreated>('/api/courseStore/add', { method: 'POST', json: input });
/** 412 `edit_conflict` when `revision` (the store's version the form read) is stale (decision 028). */
export const editAlbum = (id: number, input: AlbumFields, revision: number) =>
  apiFetch<AlbumSaved>(`/api/album_edit/${id}`, { method: 'PUT', json: input, ifMatch: revisionTag(revision) });
/** The store's fields and version as saved now (after a conflict). */
export const readAlbum = (id: number) => apiFetch<AlbumDetail>(`/api/albumInfo/${id}`);
/** The store's history panel: every save, newest first. */
export const getAlbumRevisions = (id: number, signal: AbortSignal) => apiFetch<RecordRevisionList>(`/api/album/${id}/revisions`, { signal });
/** Brings a revision back as the store's newest (412 `edit_conflict` when `current` is stale); answers the store. */
export const restoreAlbumRevision = (id: number, revision: number, current: number) =>
  apiFetch<AlbumDetail>(`/api/album/${id}/revisions/${revision}/restore`, { method: 'POST', ifMatch: revisionTag(current) });
/** Makes a published store's unpublished changes live (412 `edit_conflict` when `revision` is stale); answers the store. */
export const publishAlbumChanges = (id: number, revision: number) =>
  apiFetch<AlbumDetail>(storeChangesPaths.publish(id), { method: 'POST', ifMatch: revisionTag(revision) });
/** Drops a published store's unpublished changes (412 `edit_conflict` when `revision` is stale); answers the store. */
export const discardAlbumChanges = (id: number, revision: number) =>
  apiFetch<AlbumDetail>(storeChangesPaths.discard(id), { method: 'DELETE', ifMatch: revisionTag(revision) });
export const savePublishState = (id: number, published: boolean) =>
  apiFetch('/api/save-publish-state', { method: 'POST', json: { album_id: id, is_published: published } });
export const deleteItem = (id: number, position: number) => apiFetch('/api/delete-item', { method: 'POST', json: { album_id: id, position } });
export const suggestDescription = (id: number) => apiFetch<SuggestedDescription>(`/api/album/${id}/suggestStoreDescription`, { method: 'POST' });

export function saveAffiliateLink(id: number, position: number, link: { actionUrl: string; description: string }) {
  const body = new FormData();
  body.set(storeUploadFields.albumId, String(id));
  body.set(storeUploadFields.position, String(position));
  body.set(storeUploadFields.actionUrl, link.actionUrl);
  body.set(storeUploadFields.description, link.description);
  return apiFetch('/api/save-affiliate-link', { method: 'POST', multipart: body });
}

export function uploadAlbumPicture(id: number, position: number, file: File) {
  const body = new FormData();
  body.set(storeUploadFields.albumId, String(id));
  body.set(storeUploadFields.position, String(position));
  body.set(storeUploadFields.picture, file);
  return apiFetch<{ imageUrl: string }>('/api/upload-album-picture', { method: 'POST', multipart: body });
}

export function uploadAlbumCover(id: number, input: { file: File | null; description: string }, revision: number) {
  const body = new FormData();
  body.set(storeUploadFields.albumId, String(id));
  body.set(storeUploadFields.description, input.description);
  if (input.file) body.set(storeUploadFields.cover, input.file);
  return apiFetch('/api/uploadAlbumCover', { method: 'POST', multipart: body, ifMatch: revisionTag(revision) });
}
