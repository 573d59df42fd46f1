import type { AlbumCreated, StoreCountry } from '@papo/contract/stores';
import { apiFetch } from '../../../lib/api';

export const addCourseStore = (input: { name: string; slug: string; country: StoreCountry }) =>
  apiFetch<AlbumCreated>('/api/courseStore/add', { method: 'POST', json: input });
