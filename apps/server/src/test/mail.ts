import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { waitFor } from './wait-for.js';

/** A mail as a member would read it: the unfolded header block, the decoded subject, its text and HTML parts. */
export interface Mail {
  headers: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail the mailer wrote to DATA_DIR/outbox (no SMTP_URL), with its file name and raw RFC 822 text. */
export interface OutboxMail extends Mail {
  file: string;
  raw: string;
}

/** Quoted-printable (RFC 2045) to UTF-8 text; `underscoreIsSpace` for encoded words in headers (RFC 2047 "Q"). */
function decodeQuotedPrintable(value: string, underscoreIsSpace = false): string {
  const bytes = (underscoreIsSpace ? value.replace(/_/g, ' ') : value)
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  // literal characters above U+00FF are not latin1; encode those as UTF-8 before decoding the bytes.
  return Buffer.from(
    [...bytes].flatMap((c) => (c.charCodeAt(0) > 0xff ? [...Buffer.from(c, 'utf8')] : [c.charCodeAt(0)])),
  ).toString('utf8');
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeHeader(value: string): string {
  // Whitespace between two encoded words is folding, not text.
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text, true),
    );
}

function decodeBody(headers: string, body: string): string {
  const encoding = /^Content-Transfer-Encoding:\s*([\w-]+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
}

/** Splits a header block from its body; folded header lines are joined. */
function splitEntity(source: string): { headers: string; body: string } {
  const split = source.indexOf('\n\n');
  const head = split < 0 ? source : source.slice(0, split);
  const body = split < 0 ? '' : source.slice(split + 2);
  return { headers: head.replace(/\n[ \t]+/g, ' '), body: body.replace(/\n$/, '') };
}

/** Reads a raw RFC 822 message as nodemailer writes it: text only, or a multipart/alternative of text and HTML. */
export function parseMail(raw: string): Mail {
  const { headers, body } = splitEntity(raw.replace(/\r\n/g, '\n'));
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1] ?? '';
  const boundary = /boundary="?([^";\n]+)"?/i.exec(headers)?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).map((part) => splitEntity(part.replace(/^\n/, '')))
    : [{ headers, body }];
  const part = (type: string, orDefault: boolean) => {
    const found =
      parts.find((p) => new RegExp(`^Content-Type:\\s*${type}`, 'im').test(p.headers)) ??
      (orDefault && !boundary && !/^Content-Type:/im.test(headers) ? parts[0] : undefined);
    return found ? decodeBody(found.headers, found.body) : '';
  };
  return {
    headers,
    to: header('To'),
    subject: decodeHeader(header('Subject')),
    text: part('text/plain', true),
    html: part('text/html', false),
  };
}

/** Every mail in DATA_DIR/outbox, oldest first (the file names start with the time, then a counter). */
export async function outboxMails(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(dir, file), 'utf8');
      return { ...parseMail(raw), file, raw };
    }),
  );
}

/** The outbox mails addressed to `to` (case-insensitive), oldest first. */
export async function outboxMailsTo(dataDir: string, to: string): Promise<OutboxMail[]> {
  return (await outboxMails(dataDir)).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
}

/** The newest outbox mail to `to` once there are `count` of them (mails sent in the background land after the answer). */
export async function latestMailTo(dataDir: string, to: string, count = 1): Promise<OutboxMail> {
  let mails: OutboxMail[] = [];
  await waitFor(`${count} mail(s) to ${to}`, async () => {
    mails = await outboxMailsTo(dataDir, to);
    return mails.length >= count;
  });
  return mails.at(-1)!;
}

/** The verification code in a mail's text: the line made only of the code. */
export function codeIn(mail: Pick<Mail, 'text'>): string {
  const code = /^([A-Z2-9]{4})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}
