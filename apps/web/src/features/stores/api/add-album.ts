import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import type { StoreCountry } from '@papo/contract/stores';
import { api } from '../../../lib/api';

export interface AlbumFields {
  name: string;
  country: StoreCountry;
  category: number;
}

export const addAlbum = (input: AlbumFields & { slug: string }) => api(staffStoreRoutes.addAlbum, { body: input });
