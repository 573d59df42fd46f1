// apart from home.ts (zod schemas), so the home page loads no zod (decision 019).

/** The one survey of the home page. */
export const surveyId = 1;
