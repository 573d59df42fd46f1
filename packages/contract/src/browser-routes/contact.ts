// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of contact.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../contact.js';

export const contactRoutes: BrowserRoutes<typeof definitions.contactRoutes> = {
  form: { method: 'POST', path: '/api/contact', auth: 'public', body: 'form' },
  chat: { method: 'POST', path: '/api/contact/chat', auth: 'public', body: 'json' },
  mailbox: { method: 'GET', path: '/api/mailbox', auth: 'staff', query: ['page', 'limit'] },
  message: { method: 'GET', path: '/api/contacts/:id', auth: 'staff' },
  reply: { method: 'POST', path: '/api/contacts/:id/reply', auth: 'staff', body: 'json' },
};
