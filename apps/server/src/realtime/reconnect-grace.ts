/**
 * How long a member whose last socket in a room dropped without leaving keeps their place there by default
 * (`SOCKET_RECONNECT_GRACE_MS`): a page reload or a phone's short drop (a tunnel, a lift: 20 s and the socket's
 * reconnect back-off of up to 5 s) comes back within it, so nobody hears a part and a join for it, while a member
 * who really went is gone from the lists within half a minute, as an IRC server's ping timeout would drop them.
 */
export const defaultReconnectGraceMs = 30_000;
