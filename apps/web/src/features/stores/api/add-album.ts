import type { AlbumCreated, StoreCountry } from '@papo/contract/stores';
import { apiFetch } from '../../../lib/api';

export interface AlbumFields {
  name: string;
  country: StoreCountry;
  category: number | null;
}

export const addAlbum = (input: AlbumFields & { slug: string }) =>
  apiFetch<AlbumCreated>('/api/album/add', { method: 'POST', json: input });
