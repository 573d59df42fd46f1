import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { seedDemoAccounts } from './demo-accounts.js';

describe('demo accounts', () => {
  it('creates verified members with nicknames and one moderator whose generated passwords sign in', async () => {
    const t = await buildTestApp();
    try {
      const accounts = await seedDemoAccounts(t.app.db);
      expect(accounts.length).toBeGreaterThanOrEqual(5);
      expect(accounts.filter((a) => a.moderator)).toHaveLength(1);
      expect(new Set(accounts.map((a) => a.password)).size).toBe(accounts.length);
      const moderator = accounts.find((a) => a.moderator)!;
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: moderator.username, password: moderator.password },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().roles).toContain('ROLE_MODERATOR');
      const latest = (await t.app.inject({ url: '/api/latestUsers' })).json();
      expect(latest.length).toBeGreaterThanOrEqual(5);
      expect(latest.every((u: { isVerified: boolean }) => u.isVerified)).toBe(true);
      const extra = await t.app.db.selectFrom('nicknames').select('nickname').where('is_selected', '=', 0).execute();
      expect(extra.length).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });

  it('are part of demo content on an empty database, and never made in production', async () => {
    const dev = await buildTestApp({ env: { DEMO_CONTENT: '1' } });
    try {
      expect(
        await dev.app.db.selectFrom('users').select('id').where('username', '=', 'mod_papo').executeTakeFirst(),
      ).toBeDefined();
      expect(await dev.app.db.selectFrom('bio_entries').select('id').limit(1).executeTakeFirst()).toBeDefined();
    } finally {
      await dev.close();
    }
    const production = await buildTestApp({
      env: { NODE_ENV: 'production', DEMO_CONTENT: '1', JWT_SECRET: 'x'.repeat(40) },
    });
    try {
      expect(
        await production.app.db.selectFrom('users').select('id').where('username', '=', 'mod_papo').executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await production.close();
    }
    // two starts that each write the whole demo content (drawn covers and photos) on two shared cores.
  }, 120_000);
});
