import { staffStoreRoutes } from '@papo/contract/browser-routes/stores-staff';
import { api } from '../../../lib/api';

export const suggestDescription = (id: number) => api(staffStoreRoutes.suggestDescription, { params: { id } });
