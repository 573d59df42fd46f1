import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, type JWTPayload } from 'jose';

/*
 * A stand-in for Google's sign-in certificates, for tests: an RSA key whose self-signed X.509 certificate
 * is served as Google documents its PEM endpoint (https://www.googleapis.com/oauth2/v1/certs: a JSON map
 * from key id to certificate), and ID tokens signed with that key.
 */

function length(n: number): number[] {
  if (n < 0x80) return [n];
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return [0x80 | bytes.length, ...bytes];
}

const tlv = (tag: number, ...content: Buffer[]) => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag, ...length(body.length)]), body]);
};
const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
/** A DER INTEGER: unsigned big-endian bytes in their shortest form (no needless leading zero, one added for a high bit). */
function integer(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const minimal = bytes.subarray(start);
  return tlv(0x02, minimal[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), minimal]) : minimal);
}

function oid(dotted: string): Buffer {
  const [a = 0, b = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [a * 40 + b];
  for (const part of rest) {
    const chunk = [part & 0x7f];
    for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift(0x80 | (value & 0x7f));
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

const utcTime = (date: Date) => tlv(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));
const sha256WithRsa = sequence(oid('1.2.840.113549.1.1.11'), Buffer.from([0x05, 0x00]));
const commonName = (name: string) => sequence(tlv(0x31, sequence(oid('2.5.4.3'), tlv(0x0c, Buffer.from(name)))));

/** A self-signed X.509 v3 certificate (PEM) for the key pair, valid from yesterday for a year. */
export function selfSignedCertificate(
  publicKey: KeyObject,
  privateKey: KeyObject,
  serial: Buffer = randomBytes(8),
): string {
  const name = commonName('fake-google.test');
  const now = Date.now();
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serial),
    sha256WithRsa,
    name,
    sequence(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 365 * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, sha256WithRsa, tlv(0x03, Buffer.from([0]), signature));
  const lines = der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n');
  return `-----BEGIN CERTIFICATE-----\n${lines}\n-----END CERTIFICATE-----\n`;
}

export interface FakeGoogle {
  certsUrl: string;
  clientId: string;
  /** An ID token as Google issues it; `claims` override the defaults, `key` signs with another key. */
  idToken(claims?: JWTPayload, opts?: { key?: KeyObject; kid?: string }): Promise<string>;
  close(): Promise<void>;
}

export async function startFakeGoogle(clientId = 'papo-test.apps.googleusercontent.com'): Promise<FakeGoogle> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomBytes(8).toString('hex');
  const certs = JSON.stringify({ [kid]: selfSignedCertificate(publicKey, privateKey) });
  const server = createServer((request, response) => {
    if (request.url !== '/oauth2/v1/certs') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' }).end(certs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    certsUrl: `http://127.0.0.1:${port}/oauth2/v1/certs`,
    clientId,
    idToken(claims = {}, opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        iss: 'https://accounts.google.com',
        aud: clientId,
        sub: randomBytes(10).toString('hex'),
        email_verified: true,
        iat: now,
        exp: now + 3600,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? kid, typ: 'JWT' })
        .sign(opts.key ?? privateKey);
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
