// NOTE: apart from contact.ts (zod schemas), so the home page's message box loads no zod (decision 019).

export const contactLimits = { name: 100, email: 254, subject: 200, message: 5000, replySubject: 200, replyBody: 10_000 } as const;
