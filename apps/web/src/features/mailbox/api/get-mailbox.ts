import { contactRoutes } from '@papo/contract/browser-routes/contact';
import { mailboxPageSize, type MailboxPage } from '@papo/contract/contact';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// under 'me' because logout drops those queries; staff mail must not outlive the session in the cache.
export const mailboxKeys = {
  all: ['me', 'mailbox'] as const,
  page: (page: number) => ['me', 'mailbox', 'page', page] as const,
  contact: (id: number) => ['me', 'mailbox', 'contact', id] as const,
};

/** `GET /api/mailbox?page=&limit=40`: one page of contact messages, newest first, with the total for paging. */
function getMailbox(page: number, signal?: AbortSignal): Promise<MailboxPage> {
  return api(contactRoutes.mailbox, { query: { page, limit: mailboxPageSize }, signal });
}

/** One mailbox page; the previous page stays on screen while the next one loads. */
export function useMailbox(page: number) {
  return useQuery({
    queryKey: mailboxKeys.page(page),
    queryFn: ({ signal }) => getMailbox(page, signal),
    placeholderData: keepPreviousData,
  });
}
