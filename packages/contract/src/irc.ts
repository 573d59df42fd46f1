/**
 * Answer of `GET /api/irc`: how a member's IRC client reaches this site (issue 38). `port` is the plain-text listener,
 * `tlsPort` the TLS one (the same number when one port speaks both); each is null when off, and both when `enabled` is false.
 */
export interface IrcInfo {
  enabled: boolean;
  /** The host name to type in the client: IRC_PUBLIC_HOST, else PUBLIC_URL's. */
  host: string;
  port: number | null;
  tlsPort: number | null;
}
