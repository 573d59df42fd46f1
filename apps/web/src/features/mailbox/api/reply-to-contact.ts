import { contactRoutes } from '@papo/contract/browser-routes/contact';
import { type ContactDetail, type ContactReplyResponse } from '@papo/contract/contact';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { mailboxKeys } from './get-mailbox';

export interface ReplyInput {
  to: string;
  subject: string;
  body: string;
}

/** `POST /api/contacts/{id}/reply` (JSON): the server mails the reply and records who answered and when. */
function replyToContact(id: number, reply: ReplyInput): Promise<ContactReplyResponse> {
  return api(contactRoutes.reply, { params: { id }, body: reply });
}

/** Sends a reply; on success the message shows it at once and the mailbox list is refetched. */
export function useReplyToContact(id: number, staffUsername: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: ReplyInput) => replyToContact(id, reply),
    onSuccess: ({ repliedAt }, reply) => {
      queryClient.setQueryData<ContactDetail>(mailboxKeys.contact(id), (contact) =>
        contact
          ? { ...contact, repliedAt, repliedBy: staffUsername, replySubject: reply.subject, replyBody: reply.body }
          : contact,
      );
      void queryClient.invalidateQueries({ queryKey: mailboxKeys.all });
    },
  });
}
