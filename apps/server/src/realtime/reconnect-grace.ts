/**
 * How long a member whose last socket in a room dropped without leaving keeps their place there by default
 * (`SOCKET_RECONNECT_GRACE_MS`): a page reload or a phone's short drop comes back well within it, so nobody hears a
 * part and a join for it, while a member who really went is gone from the lists a few seconds later.
 */
export const defaultReconnectGraceMs = 5_000;
