/** A piece of a message: plain text, a link (http/https only) or a mention of the reader. */
export type Segment =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string } | { kind: 'mention'; text: string };

const urlPattern = /\bhttps?:\/\/[^\s<>"'`]+/gi;
// a sentence often ends right after a link ("see https://x.org."); those marks are not part of it.
const trailing = /[.,;:!?'"”’»]+$/;
// nicknames are letters, digits, '_' and '-', so a mention must not touch another such character.
const nameChar = '[\\p{L}\\p{N}_-]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Drops trailing punctuation, and a closing parenthesis the link did not open. */
function trimLink(raw: string): string {
  let link = raw.replace(trailing, '');
  while (link.endsWith(')') && (link.match(/\(/g)?.length ?? 0) < (link.match(/\)/g)?.length ?? 0)) {
    link = link.slice(0, -1).replace(trailing, '');
  }
  return link;
}

function safeHref(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The pattern of a nickname as a whole word, case-insensitive; null without a nickname. */
function mentionPattern(nickname: string | null): RegExp | null {
  if (!nickname) return null;
  return new RegExp(`(?<!${nameChar})${escapeRegExp(nickname)}(?!${nameChar})`, 'giu');
}

/** Whether `text` names the nickname as a word (how mentions are highlighted). */
export function mentions(text: string, nickname: string | null): boolean {
  const pattern = mentionPattern(nickname);
  return pattern !== null && pattern.test(text);
}

function splitMentions(text: string, pattern: RegExp | null): Segment[] {
  if (!pattern || !text) return text ? [{ kind: 'text', text }] : [];
  const out: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index ?? 0;
    if (start > last) out.push({ kind: 'text', text: text.slice(last, start) });
    out.push({ kind: 'mention', text: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/**
 * Splits a message into text, links and mentions of `nickname`. Nothing here builds HTML: React
 * escapes every segment, and only http(s) addresses ever become links.
 */
export function segmentMessage(text: string, nickname: string | null): Segment[] {
  const pattern = mentionPattern(nickname);
  const out: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index ?? 0;
    const link = trimLink(match[0]);
    const href = safeHref(link);
    if (!href) continue;
    out.push(...splitMentions(text.slice(last, start), pattern));
    out.push({ kind: 'link', text: link, href });
    last = start + link.length;
  }
  out.push(...splitMentions(text.slice(last), pattern));
  return out;
}
