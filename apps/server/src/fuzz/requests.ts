import { isOneOf } from '@papo/contract/one-of';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

/** The field names the contract's calls read, so generated bodies reach validation and beyond, not just "unknown key". */
const fieldNames = [
  'username',
  'password',
  'name',
  'email',
  'message',
  'subject',
  'body',
  'to',
  'channel',
  'channel_name',
  'nickname',
  'new_level',
  'reason',
  'duration_minutes',
  'kick',
  'text',
  'action',
  'content',
  'conversation_id',
  'user',
  'userId',
  'code',
  'token',
  'refresh_token',
  'grant_type',
  'credential',
  'gender',
  'language',
  'birthday',
  'instagram',
  'youtube',
  'welcomeMessage',
  'nicknameId',
  'acceptedTerms',
  'before',
  'after',
  'page',
  'limit',
  'id',
  'website',
  '__proto__',
  'constructor',
] as const;

/** Text a hostile client sends: traversal, NUL and encodings, control characters, long runs, every kind of unicode. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    'a\u0000b',
    '\u0000',
    '\r\nX-Injected: 1',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '#barra',
    'barra',
    'ana',
    '😀',
    '\ud800',
    '\u202e',
    'ROLE_ADMIN',
    '1',
    '0',
    '-1',
    '2147483648',
    '1e308',
    'NaN',
    'null',
    'true',
    '',
    ' ',
    '2026-02-30',
    '2010-01-01',
    'refresh_token',
    'masculino',
    'pt',
    '@ana',
    'https://www.youtube.com/@ana',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2, 3, 5, 10, 100, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 1, -(2 ** 63), 1e308, -1e308, 0.5, 1e-9),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...fieldNames), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const hostileObject = fc.dictionary(
  fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 })),
  hostileValue,
  { maxKeys: 8 },
);

/** Percent-encodes text; a lone surrogate (no UTF-8 form) becomes the bytes of an encoded surrogate, also hostile. */
function encode(text: string): string {
  return text
    .replace(/[\ud800-\udfff]/g, '\u0000SURROGATE\u0000')
    .split('\u0000SURROGATE\u0000')
    .map((part) => {
      try {
        return encodeURIComponent(part);
      } catch {
        return '';
      }
    })
    .join('%ED%A0%80');
}

/** A path segment for `{param}`: ids near and past the limits, traversal, NUL, unicode, very long. */
const pathParam = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '3',
    '0',
    '-1',
    '2147483647',
    '2147483648',
    '99999999999999999999',
    '1.5',
    '1e3',
    'barra',
    '%23barra',
  ),
  fc.constantFrom('..%2F..%2Fetc%2Fpasswd', '..', '%00', 'a%00b', '%ZZ', '%F0%9F%98%80', '%C0%AF', 'x'.repeat(3000)),
  hostileText.map(encode),
);

const queryString = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 8 })), hostileText), { maxLength: 5 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : ''));

const boundary = 'fuzz-boundary';

/** The body and its content type: JSON good and broken, forms, multipart good and broken, odd types, none. */
type Payload = { contentType?: string; body?: string };
const noBody: fc.Arbitrary<Payload> = fc.constant({});
const payload: fc.Arbitrary<Payload> = fc.oneof(
  hostileObject.map((object) => ({ contentType: 'application/json', body: JSON.stringify(object) })),
  hostileValue.map((value) => ({ contentType: 'application/json', body: JSON.stringify(value) ?? 'null' })),
  fc
    .constantFrom(
      '{',
      '{"a":',
      '[1,2',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      'nul\u0000l',
      '',
      '1e999999',
    )
    .map((body) => ({
      contentType: 'application/json',
      body,
    })),
  hostileObject.map((object) => ({
    contentType: 'application/x-www-form-urlencoded',
    body: Object.entries(object)
      .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
      .join('&'),
  })),
  fc.tuple(hostileObject, fc.boolean()).map(([object, cutShort]) => {
    const parts = Object.entries(object).map(
      ([k, v]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/["\r\n]/g, '')}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`,
    );
    const file = `--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="../../x.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n`;
    const text = `${parts.join('')}${file}${cutShort ? '' : `--${boundary}--\r\n`}`;
    return { contentType: `multipart/form-data; boundary=${boundary}`, body: text };
  }),
  fc
    .constantFrom(
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'text/plain',
      'application/xml',
      'application/json; charset=latin1',
      'image/png',
    )
    .chain((contentType) => hostileText.map((body) => ({ contentType, body }))),
  noBody,
);

export type Persona = 'anonymous' | 'member' | 'staff';

/** What one generated request sends (`app.inject`'s options). */
interface FuzzRequest {
  method: NonNullable<InjectOptions['method']>;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const methods = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
] as const satisfies readonly FuzzRequest['method'][];

/** One generated request for a route (`METHOD /path/{param}`). */
export function requestFor(route: string): fc.Arbitrary<{ persona: Persona; options: FuzzRequest }> {
  const [method, pattern = ''] = route.split(' ');
  if (!isOneOf(methods, method)) throw new Error(`a route names its method first: ${route}`);
  const params = pattern.match(/\{[^}]+\}|\*/g) ?? [];
  return fc
    .record({
      persona: fc.constantFrom<Persona>('anonymous', 'member', 'staff'),
      params: fc.array(pathParam, { minLength: params.length, maxLength: params.length }),
      query: queryString,
      payload: method === 'GET' || method === 'DELETE' ? fc.oneof(noBody, payload) : payload,
      garbageToken: fc.boolean(),
    })
    .map(({ persona, params: values, query, payload: { contentType, body }, garbageToken }) => {
      let index = 0;
      const url = pattern.replace(/\{[^}]+\}|\*/g, () => values[index++] ?? '1') + query;
      const headers: Record<string, string> = {};
      if (contentType) headers['content-type'] = contentType;
      if (persona === 'anonymous' && garbageToken)
        headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.';
      return { persona, options: { method, url, headers, ...(body !== undefined ? { payload: body } : {}) } };
    });
}
