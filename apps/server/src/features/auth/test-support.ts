import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** Reads a raw RFC 822 message as nodemailer writes it: a multipart/alternative of text and HTML. */
export function parseMail(raw: string): ReceivedMail {
  const source = raw.replace(/\r\n/g, '\n');
  const [head = '', ...rest] = source.split('\n\n');
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1] ?? '';
  const boundary = /boundary="?([^";\n]+)"?/i.exec(unfolded)?.[1];
  const parts = boundary ? rest.join('\n\n').split(`--${boundary}`) : [];
  const part = (type: string) => {
    const found = parts.find((p) => new RegExp(`content-type:\\s*${type}`, 'i').test(p));
    if (!found) return '';
    const [partHead = '', ...partBody] = found.replace(/^\n/, '').split('\n\n');
    return decodePart(partHead, partBody.join('\n\n').replace(/\n$/, ''));
  };
  return { to: header('To'), subject: decodeWords(header('Subject')), text: part('text/plain'), html: part('text/html') };
}

/** Every mail in DATA_DIR/outbox, oldest first (the file names start with the time). */
export async function outboxMails(dataDir: string): Promise<ReceivedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(files.map(async (f) => parseMail(await readFile(path.join(dir, f), 'utf8'))));
}

/** Polls until `read` gives a value (mails sent in the background land a moment after the answer). */
export async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The latest mail to `to` in the outbox, waiting for it to arrive if needed. */
export function latestMailTo(dataDir: string, to: string, count = 1): Promise<ReceivedMail> {
  return waitFor(async () => {
    const mails = (await outboxMails(dataDir)).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
    return mails.length >= count ? mails.at(-1) : undefined;
  });
}

/** The verification code in a mail's text: the line made only of the code. */
export function codeIn(mail: ReceivedMail): string {
  const code = /^([A-Z2-9]{4})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}
