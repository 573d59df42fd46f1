import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import type { TestUser } from '../../test/users.js';
import { startChatHarness, type ChatHarness } from './test-support.js';

describeEachDialect('favourite channels and whois', (dialect) => {
  let h: ChatHarness;
  const favourites = async (user: TestUser) =>
    (await h.t.app.inject({ method: 'GET', url: '/api/favorite-channels', headers: user.headers })).json();
  const unstar = (user: TestUser, name: string) =>
    h.t.app.inject({
      method: 'DELETE',
      url: `/api/favorite-channels/${encodeURIComponent(name)}`,
      headers: user.headers,
    });
  const whois = (user: TestUser, name: string) =>
    h.t.app.inject({
      method: 'GET',
      url: `/api/nickserv-whois?username=${encodeURIComponent(name)}`,
      headers: user.headers,
    });

  beforeAll(async () => {
    h = await startChatHarness(dialect);
  });
  afterAll(() => h.close());

  it('adds favourites once each, in order, lists them with # and removes them by name', async () => {
    const user = await h.member();
    expect(await favourites(user)).toEqual({ favorite_channels: [] });
    expect((await h.post(user, '/api/favorite-channels', { channel: 'rio' })).json()).toEqual({
      favorite_channels: ['#rio'],
    });
    await h.post(user, '/api/favorite-channels', { channel: '#barra' });
    await h.post(user, '/api/favorite-channels', { channel: 'rio' });
    expect(await favourites(user)).toEqual({ favorite_channels: ['#rio', '#barra'] });
    expect((await unstar(user, '#rio')).json()).toEqual({ favorite_channels: ['#barra'] });
    expect((await unstar(user, 'barra')).json()).toEqual({ favorite_channels: [] });
  });

  it('refuses unknown and invalid channels, and calls without a token', async () => {
    const user = await h.member();
    const unknown = await h.post(user, '/api/favorite-channels', { channel: 'never-made' });
    const invalid = await h.post(user, '/api/favorite-channels', { channel: 'No Way' });
    const anonymous = await h.t.app.inject({ method: 'GET', url: '/api/favorite-channels' });
    expect([
      [unknown.statusCode, unknown.json().message],
      [invalid.statusCode, invalid.json().errors],
      [(await unstar(user, 'never-made')).statusCode],
      [anonymous.statusCode, anonymous.json().message],
    ]).toEqual([
      [404, 'channel_not_found'],
      [400, { channel: ['invalid_channel'] }],
      [404],
      [401, 'JWT Token not found'],
    ]);
  });

  it('answers whois by any nickname or the username with the public profile', async () => {
    const [asker, target] = [await h.member(), await h.member({ username: 'Marisol' })];
    await h.t.app.db
      .updateTable('users')
      .set({
        gender: 'female',
        birthday: '1990-01-01',
        instagram: 'marisol',
        youtube: '@marisol',
        welcome_message: 'Olá!',
        language: 'es',
      })
      .where('id', '=', target.id)
      .execute();
    const added = await h.post(target, '/api/nicknames', { nickname: 'Sol' });
    await h.post(target, '/api/select-nickname', { nicknameId: added.json().nickname.id });
    const expected = {
      data: {
        nickname: 'Sol',
        profileImage: null,
        gender: 'female',
        age: new Date().getUTCFullYear() - 1990,
        instagram: 'marisol',
        youtube: '@marisol',
        welcomeMessage: 'Olá!',
      },
      language: 'es',
    };
    expect((await whois(asker, 'sol')).json()).toEqual(expected);
    expect((await whois(asker, 'MARISOL')).json()).toEqual(expected);
  });

  it('answers 404 user_not_found to an unknown name and 400 without one', async () => {
    const asker = await h.member();
    const unknown = await whois(asker, 'ninguem');
    const tooLong = await whois(asker, 'x'.repeat(40));
    expect(tooLong.statusCode).toBe(404);
    const missing = await h.t.app.inject({ method: 'GET', url: '/api/nickserv-whois', headers: asker.headers });
    expect([unknown.statusCode, unknown.json().message, missing.statusCode, missing.json().errors]).toEqual([
      404,
      'user_not_found',
      400,
      { username: ['username_required'] },
    ]);
  });
});
