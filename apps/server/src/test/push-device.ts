import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/*
 * A browser's side of web push, for tests where a local server plays the push service: a subscription's key pair
 * and auth secret, the check of the VAPID header a push service makes (RFC 8292) and the decryption the browser
 * makes of an aes128gcm body (RFC 8291 over RFC 8188), written from the RFCs with Node's crypto alone.
 */

export interface TestDevice {
  /** What `PushSubscription.toJSON()` gives, for `POST /api/push/subscriptions`. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The plaintext of a push body encrypted for this device; throws when it does not decrypt. */
  decrypt(body: Buffer): string;
}

export function createTestDevice(endpoint: string): TestDevice {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const uaPublic = ecdh.getPublicKey();
  const authSecret = randomBytes(16);
  return {
    subscription: {
      endpoint,
      keys: { p256dh: uaPublic.toString('base64url'), auth: authSecret.toString('base64url') },
    },
    decrypt(body) {
      // RFC 8188 §2.1: salt (16) | record size (4) | key id length (1) | key id (the sender's public key) | records.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const ecdhSecret = ecdh.computeSecret(asPublic);
      // RFC 8291 §3.4: the input keying material from the shared secret, the auth secret and both public keys.
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
      // RFC 8188 §2: the last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * What a push service checks of `Authorization: vapid t=<JWT>, k=<public key>`: an ES256 JWT signed by the key
 * given, whose audience is the push service's origin and which expires within 24 hours. Answers the claims, or
 * throws saying what is wrong.
 */
export function checkVapid(
  headers: IncomingHttpHeaders,
  serviceOrigin: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): VapidClaims & { publicKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(headers.authorization ?? ''));
  if (!match) throw new Error(`not a VAPID Authorization header: ${String(headers.authorization)}`);
  const [, token, publicKey] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split('.') as [string, string, string];
  if ((JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string }).alg !== 'ES256')
    throw new Error('the JWT is not ES256');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the JWT signature does not verify with the key given');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as VapidClaims;
  if (claims.aud !== serviceOrigin) throw new Error(`aud ${claims.aud} is not ${serviceOrigin}`);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 60 * 60))
    throw new Error(`exp ${claims.exp} is not within 24 h`);
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error(`sub ${claims.sub} is not mailto: or https:`);
  return { ...claims, publicKey };
}
