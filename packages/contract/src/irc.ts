/**
 * Answer of `GET /api/irc`: how a member's IRC client reaches this site. `port` is a plain-text listener,
 * `tlsPort` a TLS one; each is null when there is none, and both when `enabled` is false.
 */
export interface IrcInfo {
  enabled: boolean;
  /** The host name to type in the client: PUBLIC_URL's. */
  host: string;
  port: number | null;
  tlsPort: number | null;
}
