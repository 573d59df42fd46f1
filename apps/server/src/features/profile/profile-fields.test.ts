import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../../test/db.js';
import { useMemberSuite } from '../../test/users.js';

const now = new Date();
/** The calendar day `years` years and `days` days before today (UTC). */
function daysAgo(years: number, days = 0): string {
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days))
    .toISOString()
    .slice(0, 10);
}

describeEachDialect('profile fields', (dialect) => {
  const { member, post, profileOf } = useMemberSuite(dialect, 'field');

  /** Good inputs with what is stored, bad inputs with their key, and the set-once rule, for one field. */
  function setOnceField(opts: {
    url: string;
    field: string;
    message: string;
    good: [unknown, string][];
    bad: [unknown, string][];
  }) {
    describe(opts.url, () => {
      it.each(opts.good)('stores %j as %j', async (input, stored) => {
        const user = await member();
        const res = await post(user, opts.url, { [opts.field]: input });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: opts.message, [opts.field]: stored });
        expect((await profileOf(user))[opts.field]).toBe(stored);
      });

      it.each(opts.bad)('refuses %j with %s and stores nothing', async (input, key) => {
        const user = await member();
        const res = await post(user, opts.url, input === undefined ? {} : { [opts.field]: input });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message: 'validation_failed', errors: { [opts.field]: [key] } });
        expect((await profileOf(user))[opts.field]).toBeNull();
      });

      it('refuses a second change, even to the same value, with 409 already_set', async () => {
        const user = await member();
        const [[first, stored], [second]] = [opts.good[0]!, opts.good[1]!];
        expect((await post(user, opts.url, { [opts.field]: first })).statusCode).toBe(200);
        for (const input of [second, first]) {
          const res = await post(user, opts.url, { [opts.field]: input });
          expect(res.statusCode).toBe(409);
          expect(res.json()).toEqual({ message: 'already_set', errors: { [opts.field]: ['already_set'] } });
        }
        expect((await profileOf(user))[opts.field]).toBe(stored);
      });

      it('lets only one of two racing first changes win', async () => {
        const user = await member();
        const [[a], [b]] = [opts.good[0]!, opts.good[1]!];
        const answers = await Promise.all([
          post(user, opts.url, { [opts.field]: a }),
          post(user, opts.url, { [opts.field]: b }),
        ]);
        expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      });
    });
  }

  setOnceField({
    url: '/api/update-birthday',
    field: 'birthday',
    message: 'birthday_updated',
    good: [
      ['1990-05-17', '1990-05-17'],
      ['2000-02-29', '2000-02-29'],
      [` ${daysAgo(30)} `, daysAgo(30)],
      [daysAgo(13, 1), daysAgo(13, 1)],
      [daysAgo(120, -1), daysAgo(120, -1)],
    ],
    bad: [
      [undefined, 'birthday_required'],
      ['', 'birthday_required'],
      [19900517, 'invalid_type'],
      [null, 'invalid_type'],
      ['17/05/1990', 'invalid_date'],
      ['1990-5-17', 'invalid_date'],
      ['1990-13-01', 'invalid_date'],
      ['2001-02-29', 'invalid_date'],
      ['1990-04-31', 'invalid_date'],
      ['1990-05-17T00:00:00Z', 'invalid_date'],
      [daysAgo(0, -1), 'birthday_in_future'],
      [daysAgo(0), 'birthday_in_future'],
      [daysAgo(13, -1), 'too_young'],
      [daysAgo(5), 'too_young'],
      [daysAgo(121), 'too_old'],
      ['1000-01-01', 'too_old'],
    ],
  });

  setOnceField({
    url: '/api/update-instagram',
    field: 'instagram',
    message: 'instagram_updated',
    good: [
      ['ana.silva', 'ana.silva'],
      ['@Ana_Silva', 'ana_silva'],
      ['https://www.instagram.com/ana.silva/', 'ana.silva'],
      ['instagram.com/ana.silva?igsh=abc123', 'ana.silva'],
      ['http://m.instagram.com/Ana.Silva#top', 'ana.silva'],
    ],
    bad: [
      [undefined, 'instagram_required'],
      ['  ', 'instagram_required'],
      [42, 'invalid_type'],
      ['x'.repeat(201), 'too_long'],
      ['https://evil.example/ana.silva', 'invalid_instagram'],
      ['https://instagram.com.evil.example/ana', 'invalid_instagram'],
      ['https://instagram.com@evil.example/ana', 'invalid_instagram'],
      ['javascript:alert(1)', 'invalid_instagram'],
      ['https://www.instagram.com/p/CxYz123/', 'invalid_instagram'],
      ['https://www.instagram.com/', 'invalid_instagram'],
      ['ana..silva', 'invalid_instagram'],
      ['.ana', 'invalid_instagram'],
      ['ana silva', 'invalid_instagram'],
      ['<script>', 'invalid_instagram'],
      ['a'.repeat(31), 'invalid_instagram'],
    ],
  });

  setOnceField({
    url: '/api/update-youtube',
    field: 'youtube',
    message: 'youtube_updated',
    good: [
      ['@PapoCanal', '@PapoCanal'],
      ['papo.canal', '@papo.canal'],
      ['https://www.youtube.com/@PapoCanal/videos', '@PapoCanal'],
      ['youtube.com/channel/UC1234567890abcdefghij_-', 'channel/UC1234567890abcdefghij_-'],
      ['UC1234567890abcdefghij_-', 'channel/UC1234567890abcdefghij_-'],
      ['https://m.youtube.com/c/PapoCanal', 'c/PapoCanal'],
      ['http://youtube.com/user/papo?sub_confirmation=1', 'user/papo'],
    ],
    bad: [
      [undefined, 'youtube_required'],
      ['', 'youtube_required'],
      [{ handle: '@papo' }, 'invalid_type'],
      ['https://youtu.be/dQw4w9WgXcQ', 'invalid_youtube'],
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'invalid_youtube'],
      ['https://evil.example/@papo', 'invalid_youtube'],
      ['https://www.youtube.com:8080/@papo', 'invalid_youtube'],
      ['data:text/html,hi', 'invalid_youtube'],
      ['@ab', 'invalid_youtube'],
      ['@papo canal', 'invalid_youtube'],
      ['youtube.com/channel/UCshort', 'invalid_youtube'],
      ['https://www.youtube.com/@papo/videos/extra', 'invalid_youtube'],
    ],
  });

  describe('/api/update-welcome-message', () => {
    it('stores the trimmed text as written, markup included, and may change it again', async () => {
      const user = await member();
      const res = await post(user, '/api/update-welcome-message', {
        welcomeMessage: '  Olá <b>mundo</b> & "amigos"\nAté já!  ',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'welcome_message_updated',
        welcomeMessage: 'Olá <b>mundo</b> & "amigos"\nAté já!',
      });
      expect((await profileOf(user)).welcomeMessage).toBe('Olá <b>mundo</b> & "amigos"\nAté já!');

      const cleared = await post(user, '/api/update-welcome-message', { welcomeMessage: '' });
      expect(cleared.json()).toEqual({ message: 'welcome_message_updated', welcomeMessage: '' });
      expect((await profileOf(user)).welcomeMessage).toBe('');
    });

    it('accepts 500 characters', async () => {
      const user = await member();
      const text = 'é'.repeat(500);
      expect((await post(user, '/api/update-welcome-message', { welcomeMessage: text })).statusCode).toBe(200);
      expect((await profileOf(user)).welcomeMessage).toBe(text);
    });

    it.each([
      [{ welcomeMessage: 'a'.repeat(501) }, 'too_long'],
      [{ welcomeMessage: 'nul \u0000 byte' }, 'invalid_characters'],
      [{ welcomeMessage: 12 }, 'invalid_type'],
      [{ welcomeMessage: null }, 'invalid_type'],
      [{}, 'welcome_message_required'],
    ])('refuses %j with %s and keeps the old message', async (payload, key) => {
      const user = await member();
      await post(user, '/api/update-welcome-message', { welcomeMessage: 'old' });
      const res = await post(user, '/api/update-welcome-message', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'validation_failed', errors: { welcomeMessage: [key] } });
      expect((await profileOf(user)).welcomeMessage).toBe('old');
    });
  });
});
