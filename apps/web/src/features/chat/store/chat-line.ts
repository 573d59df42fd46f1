import type { ChannelMessage } from '@papo/contract/socket-events';

/** How a system line looks: arrivals, departures, moderation, topic, nicknames, levels, errors, notices. */
export type SystemTone = 'join' | 'part' | 'moderation' | 'topic' | 'nick' | 'level' | 'error' | 'info';

/**
 * Texts of system lines, under `chatLines.<key>` in the locale files. Parameters ending in `Key` name
 * another text (translated when shown) and those ending in `Time` an ISO instant (formatted when shown),
 * so a line follows the interface language.
 */
export type SystemKey =
  | 'join'
  | 'joinedSelf'
  | 'part'
  | 'kick'
  | 'kickedSelf'
  | 'ban'
  | 'banPermanent'
  | 'bannedSelf'
  | 'bannedSelfPermanent'
  | 'unban'
  | 'unbannedSelf'
  | 'topic'
  | 'topicCleared'
  | 'topicBy'
  | 'gapSeconds'
  | 'gapMinutes'
  | 'topicIs'
  | 'noTopic'
  | 'nick'
  | 'level'
  | 'server'
  | 'notice'
  | 'chanserv'
  | 'help'
  | 'helpLine'
  | 'helpKeys'
  | 'helpIrc'
  | 'unknownCommand'
  | 'usage';

export type SystemParams = Readonly<Record<string, string | number>>;

interface LineBase {
  id: string;
  /** Channel name without '#'. */
  channel: string;
  timestamp: string;
}

/** A member's line: `<nick> text`, or `* nick text` for `/me`. */
export interface SpokenLine extends LineBase {
  kind: 'message' | 'action';
  username: string;
  text: string;
  /** The sender's level when they spoke, for the IRC prefix. */
  level: number;
  /**
   * The member's own line on its way: shown at once, 'pending' until the server accepts it (then it is a line like any
   * other), 'failed' with the reason's translation key when refused. Absent on every line the room sent.
   */
  delivery?: { state: 'pending' } | { state: 'failed'; reasonKey: string };
  /** Said while the member's connection was away, and replayed by the server after it came back. */
  late?: true;
}

export interface SystemLine extends LineBase {
  kind: 'system';
  key: SystemKey;
  params: SystemParams;
  tone: SystemTone;
  /** Text a member wrote (a kick or ban reason), shown after the line as it is. */
  detail?: string;
}

export type ChatLine = SpokenLine | SystemLine;

// the page's start in the id: lines this device kept from an earlier page must never share one with a new line.
const systemIdPrefix = `system-${Date.now().toString(36)}-`;
let nextSystemId = 1;

/** A system line for `channel`, stamped now. */
export function systemLine(
  channel: string,
  key: SystemKey,
  params: SystemParams = {},
  tone: SystemTone = 'info',
  detail?: string | null,
): SystemLine {
  const line: SystemLine = {
    kind: 'system',
    id: `${systemIdPrefix}${nextSystemId++}`,
    channel,
    timestamp: new Date().toISOString(),
    key,
    params,
    tone,
  };
  return detail ? { ...line, detail } : line;
}

/** A member's line as this app stores it on the device. */
function isSpokenLine(value: unknown): value is SpokenLine {
  if (typeof value !== 'object' || value === null) return false;
  const line: Partial<Record<keyof SpokenLine, unknown>> = value;
  return (
    (line.kind === 'message' || line.kind === 'action') &&
    typeof line.id === 'string' &&
    typeof line.channel === 'string' &&
    typeof line.timestamp === 'string' &&
    typeof line.username === 'string' &&
    typeof line.text === 'string' &&
    typeof line.level === 'number'
  );
}

const systemTones: ReadonlySet<string> = new Set<SystemTone>([
  'join',
  'part',
  'moderation',
  'topic',
  'nick',
  'level',
  'error',
  'info',
]);

/** A system line as this app stores it on the device. */
function isSystemLine(value: unknown): value is SystemLine {
  if (typeof value !== 'object' || value === null) return false;
  const line: Partial<Record<keyof SystemLine, unknown>> = value;
  const params: unknown = line.params;
  return (
    line.kind === 'system' &&
    typeof line.id === 'string' &&
    typeof line.channel === 'string' &&
    typeof line.timestamp === 'string' &&
    typeof line.key === 'string' &&
    typeof line.tone === 'string' &&
    systemTones.has(line.tone) &&
    (line.detail === undefined || typeof line.detail === 'string') &&
    typeof params === 'object' &&
    params !== null &&
    Object.values(params).every((param) => typeof param === 'string' || typeof param === 'number')
  );
}

/** A line as this app stores it on the device, a member's or the room's (anything else read back is not one). */
export function isKeptLine(value: unknown): value is ChatLine {
  return isSpokenLine(value) || isSystemLine(value);
}

/** The `#name` of an event → the store's `name`. */
export function channelKey(name: string): string {
  return name.startsWith('#') ? name.slice(1) : name;
}

/** A `new-message` as a line; a message without a username is a system line (members-area §2). */
export function lineFromMessage(message: ChannelMessage): ChatLine {
  const base = { id: message.id, channel: channelKey(message.channel), timestamp: message.timestamp };
  if (!message.username)
    return { ...base, kind: 'system', key: 'server', params: { text: message.text }, tone: 'info' };
  return {
    ...base,
    kind: message.kind === 'action' ? 'action' : 'message',
    username: message.username,
    text: message.text,
    level: message.level ?? 0,
  };
}
