// apart from contact.ts (zod schemas), so the home page's message box and the contact page load no zod with the
// page (decision 019).

export const contactLimits = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
  replySubject: 200,
  replyBody: 10_000,
} as const;

/** The form's hidden field: people leave it empty, form-filling bots do not. */
export const contactHoneypotField = 'website';
