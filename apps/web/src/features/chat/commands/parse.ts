import { usernamePattern } from '@papo/contract/auth';
import { channelNamePattern, reservedChannelPrefix } from '@papo/contract/channels';

/** What the input line is: text to send, or a command with its raw arguments. */
export type ParsedInput = { kind: 'text'; text: string } | { kind: 'command'; name: string; args: string };

/**
 * Reads the input line. `/name args` is a command (the name case-insensitive); `//text` sends `/text`
 * as it is, the IRC way to start a message with a slash. Blank input is null.
 */
export function parseInput(raw: string): ParsedInput | null {
  const text = raw.trim();
  if (!text) return null;
  if (text.startsWith('//')) return { kind: 'text', text: text.slice(1) };
  const match = /^\/(\S+)\s*([\s\S]*)$/.exec(text);
  if (!match) return { kind: 'text', text };
  return { kind: 'command', name: (match[1] ?? '').toLowerCase(), args: (match[2] ?? '').trim() };
}

/** The first word and the rest, trimmed. */
export function splitFirst(args: string): [string, string] {
  const match = /^(\S*)\s*([\s\S]*)$/.exec(args.trim());
  return [match?.[1] ?? '', (match?.[2] ?? '').trim()];
}

/** A nickname argument, or null when it cannot be one. */
export function nicknameArg(word: string): string | null {
  return usernamePattern.test(word) ? word : null;
}

/** `#rio` or `rio` → `rio`; null when it is not a valid channel name (names starting with 'home' are music pages, decision 004). */
export function channelArg(word: string): string | null {
  const name = (word.startsWith('#') ? word.slice(1) : word).toLowerCase();
  return channelNamePattern.test(name) && !name.startsWith(reservedChannelPrefix) ? name : null;
}

const durationUnits: Record<string, number> = { m: 1, h: 60, d: 1440 };

/** `+30m`, `+2h`, `+7d` → minutes; `+0` means until lifted. Null when it is not a duration. */
export function durationArg(word: string): number | null {
  const match = /^\+(\d{1,6})([mhd]?)$/i.exec(word);
  if (!match) return null;
  const minutes = Number(match[1]) * (durationUnits[(match[2] || 'm').toLowerCase()] ?? 1);
  return Number.isSafeInteger(minutes) ? minutes : null;
}
