/**
 * IRC lines (RFC 1459/2812 as the Modern IRC documentation describes them, with IRCv3 message tags): a line is
 * `[@tags ][:source ]COMMAND[ params][ :trailing]`, at most 512 bytes with its CRLF plus, with tags, 8,191 bytes
 * of tags. Parsing and writing here; what a command means is the connection's business.
 */

/** Bytes of a line without tags, its CRLF included (RFC 1459 §2.3). */
export const maxLineBytes = 512;
/** Bytes of the tags part of a line, its `@` and the space after it included (IRCv3 message-tags). */
const maxTagBytes = 8191;

export interface IrcMessage {
  tags: Map<string, string>;
  source: string | undefined;
  /** Upper case. */
  command: string;
  params: string[];
}

/** Why a line was refused before any command looked at it. */
export type LineRefusal = 'too_long' | 'invalid_utf8' | 'nul' | 'empty' | 'malformed';

const tagEscapes: Record<string, string> = { ':': ';', s: ' ', '\\': '\\', r: '\r', n: '\n' };

function unescapeTag(value: string): string {
  return value.replace(/\\(.?)/g, (_all, next: string) => tagEscapes[next] ?? next);
}

const tagEscapesOut: Record<string, string> = { '\\': '\\\\', ';': '\\:', ' ': '\\s', '\r': '\\r', '\n': '\\n' };

function escapeTag(value: string): string {
  return value.replace(/[\\; \r\n]/g, (char) => tagEscapesOut[char] ?? char);
}

function parseTags(text: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of text.split(';')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const key = equals === -1 ? part : part.slice(0, equals);
    // a later duplicate wins (message-tags: "the last one"), and an empty value is the same as none.
    tags.set(key, equals === -1 ? '' : unescapeTag(part.slice(equals + 1)));
  }
  return tags;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes one line's bytes (CR LF already taken off) and parses it; a refusal for a line that is too long,
 * not UTF-8, holds NUL or names no command.
 */
export function parseLine(bytes: Buffer): IrcMessage | LineRefusal {
  if (bytes.includes(0)) return 'nul';
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return 'invalid_utf8';
  }
  let rest = text.replace(/^ +/, '');
  let tags = new Map<string, string>();
  if (rest.startsWith('@')) {
    const space = rest.indexOf(' ');
    if (space === -1) return 'malformed';
    if (Buffer.byteLength(rest.slice(0, space + 1)) > maxTagBytes) return 'too_long';
    tags = parseTags(rest.slice(1, space));
    rest = rest.slice(space + 1).replace(/^ +/, '');
  }
  if (Buffer.byteLength(rest) > maxLineBytes - 2) return 'too_long';
  let source: string | undefined;
  if (rest.startsWith(':')) {
    const space = rest.indexOf(' ');
    if (space === -1) return 'malformed';
    source = rest.slice(1, space);
    rest = rest.slice(space + 1).replace(/^ +/, '');
  }
  if (rest === '') return 'empty';
  const params: string[] = [];
  const trailingAt = rest.indexOf(' :');
  const head = trailingAt === -1 ? rest : rest.slice(0, trailingAt);
  const words = head.split(' ').filter((word) => word !== '');
  const [command = '', ...middle] = words;
  if (!/^([A-Za-z]+|[0-9]{3})$/.test(command)) return 'malformed';
  params.push(...middle);
  if (trailingAt !== -1) params.push(rest.slice(trailingAt + 2));
  return { tags, source, command: command.toUpperCase(), params };
}

/** What a line says, written: tags and source optional, the last parameter trailing when it has to be. */
export function formatLine(message: {
  tags?: ReadonlyMap<string, string> | undefined;
  source?: string | undefined;
  command: string;
  params?: readonly string[];
}): string {
  const parts: string[] = [];
  if (message.tags && message.tags.size > 0) {
    parts.push(
      `@${[...message.tags].map(([key, value]) => (value === '' ? key : `${key}=${escapeTag(value)}`)).join(';')}`,
    );
  }
  if (message.source) parts.push(`:${message.source}`);
  parts.push(message.command);
  const params = message.params ?? [];
  params.forEach((param, index) => {
    const last = index === params.length - 1;
    // CR, LF and NUL would end or break the line: a text never carries them through.
    const clean = param.replace(/[\r\n\0]/g, ' ');
    parts.push(last && (clean === '' || clean.includes(' ') || clean.startsWith(':')) ? `:${clean}` : clean);
  });
  return parts.join(' ');
}

/**
 * Cuts a text into pieces whose UTF-8 fits in `bytes`, never inside a character; a line break starts a new piece.
 */
export function splitText(text: string, bytes: number): string[] {
  const pieces: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let current = '';
    let size = 0;
    for (const char of line) {
      const length = Buffer.byteLength(char);
      if (size + length > bytes) {
        pieces.push(current);
        current = '';
        size = 0;
      }
      current += char;
      size += length;
    }
    if (current !== '' || line === '') pieces.push(current);
  }
  return pieces.filter((piece) => piece !== '');
}

/**
 * Splits a byte stream into lines at LF (a CR before it dropped). A line longer than the limits is refused
 * once (`too_long`) and the rest of it up to its LF is skipped, so memory never holds more than one line.
 */
export class LineReader {
  private chunks: Buffer[] = [];
  private held = 0;
  private skipping = false;

  constructor(private readonly limit = maxTagBytes + maxLineBytes) {}

  /** The lines completed by this chunk, in order; `too_long` stands for a line that was cut off. */
  push(chunk: Buffer): (Buffer | 'too_long')[] {
    const out: (Buffer | 'too_long')[] = [];
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      if (newline === -1) break;
      const piece = chunk.subarray(start, newline);
      start = newline + 1;
      if (this.skipping) {
        this.skipping = false;
        continue;
      }
      const line = this.held === 0 ? piece : Buffer.concat([...this.chunks, piece]);
      this.chunks = [];
      this.held = 0;
      if (line.length > this.limit) {
        out.push('too_long');
        continue;
      }
      const end = line.length > 0 && line[line.length - 1] === 13 ? line.length - 1 : line.length;
      if (end > 0) out.push(line.subarray(0, end));
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0 || this.skipping) return out;
    if (this.held + rest.length > this.limit + 1) {
      this.chunks = [];
      this.held = 0;
      this.skipping = true;
      out.push('too_long');
      return out;
    }
    this.chunks.push(Buffer.from(rest));
    this.held += rest.length;
    return out;
  }
}
