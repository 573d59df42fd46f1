import { contactLimits } from '@papo/contract/contact';

/** The reply's subject: 'Re: ' before the original (or `fallback` when it had none), never 'Re: Re: '. */
export function replySubject(subject: string | null, fallback: string): string {
  const base = subject?.trim() || fallback;
  const prefixed = /^re:/i.test(base) ? base : `Re: ${base}`;
  return prefixed.slice(0, contactLimits.replySubject);
}

/**
 * The original message quoted for the reply: two blank lines to write in, the attribution, then every line of the
 * original prefixed with '> ' (an empty line becomes a bare '>', as mail clients quote).
 */
export function quoteOriginal(message: string, attribution: string): string {
  const quoted = message
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => `> ${line}`.trimEnd())
    .join('\n');
  return `\n\n${attribution}\n${quoted}\n`;
}

/** A route parameter that is a mailbox id (the server's rule: 1 to 10 digits, no leading zero), else null. */
export function parseContactId(value: string | undefined): number | null {
  return value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
}

/** The `page` search parameter as a page number; anything else is the first page. */
export function parsePage(value: string | null): number {
  return value && /^[1-9][0-9]{0,5}$/.test(value) ? Number(value) : 1;
}
