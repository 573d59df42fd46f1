import { contactRoutes } from '@papo/contract/browser-routes/contact';
import { type ContactDetail } from '@papo/contract/contact';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api';
import { mailboxKeys } from './get-mailbox';

/**
 * `GET /api/contacts/{id}`. Unlike the spec's client it sends the bearer token: Papo answers staff only (decision 004).
 */
function getContactMessage(id: number, signal?: AbortSignal): Promise<ContactDetail> {
  return api(contactRoutes.message, { params: { id }, signal });
}

/** One contact message; idle when `id` is null (a route parameter that is not a number never reaches the server). */
export function useContactMessage(id: number | null) {
  return useQuery({
    queryKey: mailboxKeys.contact(id ?? 0),
    queryFn: ({ signal }) => getContactMessage(id ?? 0, signal),
    enabled: id !== null,
    // a missing message stays missing; retrying a 404 only delays the not-found state.
    retry: (failures, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  });
}
