/** Why the member is out of a channel they were in: a kick, a ban, or both (KICKBAN). */
export interface Removal {
  by: string;
  reason: string | null;
  kicked: boolean;
  /** Present when banned; `expiresAt` null means until an operator lifts it. */
  ban?: { expiresAt: string | null };
}

/** Where the member stands in the channel on this screen. */
export type ChannelStatus =
  | { kind: 'joining' }
  | { kind: 'joined' }
  /** The server refused the join (`banned`, `channel_daily_limit` with `until`, `invalid_room`, …). */
  | { kind: 'refused'; message: string; until?: Date }
  | { kind: 'removed'; removal: Removal };
