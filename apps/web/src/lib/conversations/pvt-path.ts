/** The private conversation screen of conversation `id` (members-area §2: /pvt/{id}). */
export function pvtPath(id: number): string {
  return `/pvt/${id}`;
}

/** The conversation id of the route, or null when it is not a positive whole number. */
export function parseConversationId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
