/**
 * Files that still register API routes by hand, parse in a route file or call `apiFetch` (eslint/route-table.js):
 * each leaves the list as its feature moves to the contract's route table, and the rule fails on a listed file that
 * no longer needs to be here. The goal is an empty list. The web's callers of the app's first routes stay on `apiFetch`
 * until the table has a form without zod for the browser: a contract module that builds schemas brings zod (~27 KiB
 * gzipped) into the first route of every app page, over its 150 KiB budget (decision 051).
 */
export const unconvertedRoutes = [
  'apps/web/src/features/auth/api/google.ts',
  'apps/web/src/features/auth/api/login.ts',
  'apps/web/src/features/auth/api/password-reset.ts',
  'apps/web/src/features/auth/api/session.ts',
  'apps/web/src/features/auth/api/signup.ts',
  'apps/web/src/lib/company.ts',
];
