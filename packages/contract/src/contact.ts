import { z } from 'zod';
import { plainText } from './text.js';
import { idParam } from './ids.js';
import { apiRoute } from './api-route.js';

/** Contact form and staff mailbox (members-area §2, §3, §5, §7; public-site §2.4, §7). */

import { contactHoneypotField, contactLimits } from './contact-limits.js';

export { contactHoneypotField, contactLimits };

/** Mailbox page size of the spec (members-area §9); the server accepts 1–100. */
export const mailboxPageSize = 40;
export const mailboxMaxLimit = 100;

/** Form submissions allowed per IP and route within `contactRateWindowMs`. */
export const contactRateLimit = 5;
export const contactRateWindowMs = 60 * 60 * 1000;

export type ContactSource = 'contact' | 'home_chat';

/** `missingKey` for an absent field, `invalid_type` for a value that is not text (a number, a repeated form field). */
const textField = (missingKey: string, multiline: boolean) => plainText(missingKey, { multiline }).trim();

const requiredText = (max: number, missingKey: string, multiline = false) =>
  textField(missingKey, multiline).min(1, missingKey).max(max, 'too_long');

/** Form fields arrive as '' when left blank; blank optional fields become null. */
const optionalText = (max: number, multiline = false) =>
  z
    .nullable(plainText('invalid_type', { multiline }).trim().max(max, 'too_long'))
    .optional()
    .transform((value) => (value ? value : null));

/** One line: a subject never carries line breaks into a mail header. */
const singleLine = (value: string | null) => (value === null ? null : value.replace(/[\r\n]+/g, ' '));

const emailFormat = z.email({ message: 'invalid_email' });

export const contactBody = z.object({
  name: requiredText(contactLimits.name, 'name_required'),
  email: optionalText(contactLimits.email).pipe(emailFormat.nullable()),
  subject: optionalText(contactLimits.subject, true).transform(singleLine),
  message: requiredText(contactLimits.message, 'message_required', true),
});
export type ContactBody = z.output<typeof contactBody>;

/**
 * `POST /api/contact/chat`: the home page's box sends fixed anonymous placeholders for name and e-mail, so an
 * e-mail that is not an address is dropped (stored as null) instead of turning the visitor away.
 */
export const contactChatBody = contactBody.extend({
  email: optionalText(contactLimits.email).transform((value) => (emailFormat.safeParse(value).success ? value : null)),
});

/** Answer of both public calls. */
const contactSentAnswer = z.object({ message: z.literal('contact_sent') });
export type ContactSentResponse = z.infer<typeof contactSentAnswer>;

const positiveInt = (key: string) => idParam(key);

export const mailboxQuery = z.object({
  page: positiveInt('invalid_page').optional().default(1),
  limit: positiveInt('invalid_limit')
    .pipe(z.number().max(mailboxMaxLimit, 'invalid_limit'))
    .optional()
    .default(mailboxPageSize),
});

/** Path parameter of `GET /api/contacts/{id}` and its reply call. */
export const contactParams = z.object({ id: positiveInt('invalid_id') });

const contactSummaryAnswer = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  subject: z.string().nullable(),
  /** When the message arrived, ISO-8601 UTC. */
  date: z.string(),
  source: z.enum(['contact', 'home_chat']) satisfies z.ZodType<ContactSource>,
  repliedAt: z.string().nullable(),
});
export type ContactSummary = z.infer<typeof contactSummaryAnswer>;

/** Answer of `GET /api/mailbox`: newest first. */
const mailboxPageAnswer = z.object({
  contacts: z.array(contactSummaryAnswer),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type MailboxPage = z.infer<typeof mailboxPageAnswer>;

/** Answer of `GET /api/contacts/{id}`. */
const contactDetailAnswer = contactSummaryAnswer.extend({
  message: z.string(),
  /** Username of the staff member who answered last; null when unanswered or the account is gone. */
  repliedBy: z.string().nullable(),
  replySubject: z.string().nullable(),
  replyBody: z.string().nullable(),
});
export type ContactDetail = z.infer<typeof contactDetailAnswer>;

/** `POST /api/contacts/{id}/reply`; `to` defaults to the sender's address. */
export const contactReplyBody = z.object({
  to: optionalText(contactLimits.email).pipe(emailFormat.nullable()),
  subject: requiredText(contactLimits.replySubject, 'subject_required', true).transform((value) =>
    value.replace(/[\r\n]+/g, ' '),
  ),
  body: requiredText(contactLimits.replyBody, 'body_required', true),
});
export type ContactReplyBody = z.output<typeof contactReplyBody>;

const contactReplyAnswer = z.object({ message: z.literal('reply_sent'), repliedAt: z.string() });
export type ContactReplyResponse = z.infer<typeof contactReplyAnswer>;

/**
 * The contact form, the home page's message box and the staff mailbox (staff only whatever the client sends). The
 * form comes form-encoded, as multipart data or as JSON; a filled honeypot (`contactHoneypotField`) is answered as a
 * success before any validation, so a bot learns nothing.
 */
export const contactRoutes = {
  form: apiRoute({
    method: 'POST',
    path: '/api/contact',
    body: contactBody,
    formBody: true,
    answer: contactSentAnswer,
    auth: 'public',
  }),
  chat: apiRoute({
    method: 'POST',
    path: '/api/contact/chat',
    body: contactChatBody,
    answer: contactSentAnswer,
    auth: 'public',
  }),
  mailbox: apiRoute({
    method: 'GET',
    path: '/api/mailbox',
    query: mailboxQuery,
    answer: mailboxPageAnswer,
    auth: 'staff',
  }),
  message: apiRoute({
    method: 'GET',
    path: '/api/contacts/:id',
    params: contactParams,
    answer: contactDetailAnswer,
    auth: 'staff',
  }),
  reply: apiRoute({
    method: 'POST',
    path: '/api/contacts/:id/reply',
    params: contactParams,
    body: contactReplyBody,
    answer: contactReplyAnswer,
    auth: 'staff',
  }),
};
