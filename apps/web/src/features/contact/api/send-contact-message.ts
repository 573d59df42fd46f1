import { contactRoutes } from '@papo/contract/browser-routes/contact';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** What the contact form holds; `website` (`contactHoneypotField`) is the hidden field people leave empty and bots fill. */
export interface ContactFields {
  name: string;
  email: string;
  subject: string;
  message: string;
  website: string;
}

/** `POST /api/contact` as form data (members-area §7); the visitor's session is not sent, the form is public. */
function sendContactMessage(fields: ContactFields) {
  return api(contactRoutes.form, { body: fields });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
