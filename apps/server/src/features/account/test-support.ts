import { randomInt } from 'node:crypto';
import type { LoginResponse } from '@papo/contract/auth';
import type { SignOutAnswer } from '@papo/contract/sign-out';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestClient } from '../../realtime/test-support.js';
import { goodPassword } from '../../test/users.js';

/** A client address of its own, so the sign-in limit of one test never counts another's attempts. */
export const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

export const chromeOnLinux =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const firefoxOnAndroid = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';

/** Signs in through `/api/login_check` as a browser with `userAgent` would. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  userAgent = chromeOnLinux,
  password = goodPassword,
): Promise<LoginResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login_check',
    payload: { username, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: randomAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LoginResponse>();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** What a socket heard of its sign-out: the reason, and whether the server closed it after. */
export interface SignOutWatch {
  reasons: SignOutAnswer['reason'][];
  /** Settles once the server has closed the socket, with when (ms since the epoch). */
  closed: Promise<number>;
}

export function watchSignOut(client: TestClient): SignOutWatch {
  const reasons: SignOutAnswer['reason'][] = [];
  client.on('signed-out', ({ reason }) => reasons.push(reason));
  const closed = new Promise<number>((resolve) => client.once('disconnect', () => resolve(Date.now())));
  return { reasons, closed };
}
