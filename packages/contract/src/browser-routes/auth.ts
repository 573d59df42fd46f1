// Written by `npm run routes:browser` from the contract's route table; do not edit (decision 051).
// The browser's form of auth.ts's routes: only their types come from it, so no zod at run time.
import type { BrowserRoutes } from '../api-route.js';
import type * as definitions from '../auth.js';

export const authRoutes: BrowserRoutes<typeof definitions.authRoutes> = {
  checkUsername: { method: 'GET', path: '/api/check-username', auth: 'public', query: ['username'] },
  signup: { method: 'POST', path: '/api/signup', auth: 'public', body: 'json' },
  confirmCode: { method: 'POST', path: '/api/confirmCode', auth: 'public', body: 'json' },
  resendCode: { method: 'POST', path: '/api/resend-code', auth: 'public', body: 'json' },
  login: { method: 'POST', path: '/api/login_check', auth: 'public', body: 'json' },
  refresh: { method: 'POST', path: '/api/auth/refresh', auth: 'public', body: 'json' },
  logout: { method: 'POST', path: '/api/auth/logout', auth: 'public', body: 'json' },
  me: { method: 'GET', path: '/api/me', auth: 'member' },
  providers: { method: 'GET', path: '/api/auth/providers', auth: 'public' },
  googleLogin: { method: 'POST', path: '/api/google_login', auth: 'public', body: 'json' },
  forgotPassword: { method: 'POST', path: '/api/forgot-password', auth: 'public', body: 'json' },
  resetPassword: { method: 'POST', path: '/api/reset-password', auth: 'public', body: 'json' },
};
