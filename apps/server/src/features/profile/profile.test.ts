import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { buildUser, useMemberSuite } from '../../test/users.js';
import { userInitials } from './service.js';

describe('userInitials', () => {
  it.each([
    ['Ana Maria Silva', 'ana', 'AS'],
    ['ana', 'ana', 'A'],
    ['  élodie   durand ', 'elo', 'ÉD'],
    ['(Zé) Carlos', 'ze', 'ZC'],
    ['—', 'bruno_22', 'B'],
  ])('%j with username %j → %j', (name, username, initials) => {
    expect(userInitials(name, username)).toBe(initials);
  });
});

describeEachDialect('profile', (dialect) => {
  const t = useMemberSuite(dialect, 'member');
  const { member, post, profileOf } = t;

  it.each([
    ['GET', '/api/userprofile'],
    ['POST', '/api/update-gender'],
    ['POST', '/api/update-language'],
    ['POST', '/api/update-birthday'],
    ['POST', '/api/update-instagram'],
    ['POST', '/api/update-youtube'],
    ['POST', '/api/update-welcome-message'],
    ['POST', '/api/upload-profile-picture'],
  ] as const)('answers 401 to %s %s without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? { x: 1 } : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'JWT Token not found' });
  });

  it('answers 401 with the token message for a bad token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/userprofile',
      headers: { authorization: 'Bearer nope' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid JWT Token' });
  });

  it('answers every field of the User profile for a new member', async () => {
    const user = await buildUser(t.app, {
      username: 'AnaSilva',
      name: 'Ana Maria Silva',
      roles: ['ROLE_USER', 'ROLE_MODERATOR'],
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/userprofile', headers: user.headers });
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile).toEqual({
      id: user.id,
      name: 'Ana Maria Silva',
      username: 'AnaSilva',
      email: 'anasilva@example.com',
      gender: null,
      coinBalance: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      birthday: null,
      nicknames: [{ id: expect.any(Number), nickname: 'AnaSilva', is_selected: true, isSelected: true }],
      roles: ['ROLE_USER', 'ROLE_MODERATOR'],
      welcomeMessage: '',
      profileImage: null,
      instagram: null,
      youtube: null,
      language: 'pt',
      favoriteChannels: [],
      conversations: [],
      userInitials: 'AS',
    });
  });

  it('lists favourite channels with a leading # in the order they were added', async () => {
    const user = await member();
    const channelId = async (name: string) =>
      (await t.app.db.selectFrom('channels').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    await t.app.db
      .insertInto('favorite_channels')
      .values([
        { user_id: user.id, channel_id: await channelId('rio'), created_at: '2026-01-01T00:00:00.000Z' },
        { user_id: user.id, channel_id: await channelId('barra'), created_at: '2026-01-02T00:00:00.000Z' },
      ])
      .execute();
    expect((await profileOf(user)).favoriteChannels).toEqual(['#rio', '#barra']);
  });

  it('refuses the token of an account that is gone, as a revoked sign-in (its sign-ins went with it)', async () => {
    const user = await member();
    await t.app.db.deleteFrom('users').where('id', '=', user.id).execute();
    for (const [url, payload] of [
      ['/api/update-gender', { gender: 'male' }],
      ['/api/update-birthday', { birthday: '1990-01-01' }],
    ] as const) {
      const res = await post(user, url, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Expired JWT Token' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/userprofile', headers: user.headers })).statusCode).toBe(
      401,
    );
  });

  describe('gender and language', () => {
    it.each(['male', 'female', 'non_binary', 'genderqueer', 'other', 'prefer_not_to_say'])(
      'sets the gender %s, again and again',
      async (gender) => {
        const user = await member();
        for (const value of ['other', gender]) {
          const res = await post(user, '/api/update-gender', { gender: value });
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({ message: 'gender_updated', gender: value });
        }
        expect((await profileOf(user)).gender).toBe(gender);
      },
    );

    it.each([
      [{ gender: 'alien' }, 'invalid_gender'],
      [{ gender: 'MALE' }, 'invalid_gender'],
      [{ gender: 3 }, 'invalid_gender'],
      [{ gender: null }, 'invalid_gender'],
      [{}, 'gender_required'],
    ])('refuses the gender body %j with %s and changes nothing', async (payload, key) => {
      const user = await member();
      const res = await post(user, '/api/update-gender', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { gender: [key] } });
      expect((await profileOf(user)).gender).toBeNull();
    });

    it.each(['pt', 'en', 'fr', 'es'])('sets the language %s', async (language) => {
      const user = await member();
      const res = await post(user, '/api/update-language', { language });
      expect(res.json()).toEqual({ message: 'language_updated', language });
      expect((await profileOf(user)).language).toBe(language);
    });

    it.each([
      [{ language: 'de' }, 'invalid_language'],
      [{ language: 'PT' }, 'invalid_language'],
      [{ language: ['pt'] }, 'invalid_language'],
      [{}, 'language_required'],
    ])('refuses the language body %j with %s', async (payload, key) => {
      const user = await member();
      const res = await post(user, '/api/update-language', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { language: [key] } });
      expect((await profileOf(user)).language).toBe('pt');
    });

    it('answers 400 for a body that is not JSON', async () => {
      const user = await member();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/update-gender',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: '{"gender":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid_json' });
    });
  });
});
