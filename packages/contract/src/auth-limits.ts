// apart from auth.ts (zod schemas), so the sign-in, signup and password pages load no zod with the page;
// their forms load the schemas on first use (decision 019).

/** Usernames and nicknames: 2–30 letters, digits, '_' or '-'. */
export const usernamePattern = /^[A-Za-z0-9_-]{2,30}$/;

export const passwordMin = 10;
export const passwordMax = 128;
export const verificationCodeLength = 4;
