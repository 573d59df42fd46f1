/** Published content (articles, lyrics, stores) changes rarely: coming back to a page within five minutes reuses what was read. */
export const publicContentStaleTime = 5 * 60_000;
