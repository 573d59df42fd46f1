/** Names and shapes the IRC connection's parts share. */

/** Mode letter of each prefix, as ISUPPORT's PREFIX lists them. */
export const prefixModes: Record<string, string> = { '~': 'q', '&': 'a', '@': 'o', '+': 'v' };

/** The other member of a private conversation this client follows. */
export interface Partner {
  conversationId: number;
  userId: number;
  nickname: string;
}

/** A channel name as IRC writes it (`#barra`, `#Barra`) → Papo's (`barra`: channel names are lower case), or undefined for anything else. */
export function channelOf(target: string): string | undefined {
  return target.startsWith('#') && target.length > 1 ? target.slice(1).toLowerCase() : undefined;
}

export const lower = (name: string) => name.toLowerCase();

/** CTCP's delimiter (a /me is `\x01ACTION text\x01`). */
export const ctcp = '\u0001';

/** The text of a CTCP ACTION (`/me`), its closing delimiter optional as clients differ; undefined for anything else. */
export function ctcpAction(text: string): string | undefined {
  if (!text.startsWith(`${ctcp}ACTION `)) return undefined;
  return text.endsWith(ctcp) ? text.slice(8, -1) : text.slice(8);
}
