import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rooms } from '@papo/contract/socket-events';
import { createTokenService } from '../lib/tokens.js';
import {
  connectClient,
  connectError,
  connectUser,
  startRealtimeApp,
  tokens,
  userClaims,
  waitFor,
} from './test-support.js';

describe('socket handshake auth', () => {
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startRealtimeApp());
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses a connection without a token', async () => {
    const error = await connectError(url);
    expect(error.message).toBe('JWT Token not found');
    expect(error.data).toEqual({ message: 'JWT Token not found' });
  });

  it('refuses a token that is not a valid JWT', async () => {
    const error = await connectError(url, { token: 'not.a.jwt' });
    expect(error.message).toBe('Invalid JWT Token');
    expect(error.data).toEqual({ message: 'Invalid JWT Token' });
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await createTokenService('another-secret-of-forty-characters-or-more!!').signAccessToken(
      userClaims(1),
    );
    expect((await connectError(url, { token: forged })).message).toBe('Invalid JWT Token');
  });

  it('refuses an expired token', async () => {
    const expired = await tokens.signAccessToken(userClaims(1), Math.floor(Date.now() / 1000) - 3600);
    const error = await connectError(url, { token: expired });
    expect(error.message).toBe('Expired JWT Token');
    expect(error.data).toEqual({ message: 'Expired JWT Token' });
  });

  it('accepts a valid token and puts the socket in its user room', async () => {
    const client = await connectUser(url, 7);
    expect(client.connected).toBe(true);
    const [socket] = await app.io.in(rooms.user(7)).fetchSockets();
    expect(socket?.id).toBe(client.id);
    expect(socket?.data).toEqual({ userId: 7, username: 'user7', roles: [] });
    client.disconnect();
  });

  it('accepts the token from an Authorization: Bearer header', async () => {
    const token = await tokens.signAccessToken(userClaims(8));
    const client = await connectClient(url, {}, { Authorization: `Bearer ${token}` });
    await waitFor('user 8 socket', async () => (await app.io.in(rooms.user(8)).fetchSockets()).length === 1);
    client.disconnect();
  });
});
