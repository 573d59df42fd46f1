import { describe, expect, it } from 'vitest';
import { ageOn, birthdayProblem, instagramUrl, normaliseInstagram, normaliseYoutube, youtubeUrl } from './profile.js';

describe('birthdays', () => {
  const today = new Date('2026-03-01T12:00:00Z');

  it.each([
    ['2013-03-01', 13],
    ['2013-03-02', 12],
    ['2012-02-29', 14],
    ['1906-03-01', 120],
  ])('counts %s as %i years old on 2026-03-01', (birthday, age) => {
    expect(ageOn(birthday, today)).toBe(age);
  });

  it.each([
    ['2013-03-01', null],
    ['1906-03-01', null],
    ['2013-03-02', 'too_young'],
    ['1905-03-01', 'too_old'],
    ['2026-03-01', 'birthday_in_future'],
    ['2027-01-01', 'birthday_in_future'],
    ['2023-02-29', 'invalid_date'],
    ['2024-02-30', 'invalid_date'],
    ['26-03-01', 'invalid_date'],
    ['1990-1-1', 'invalid_date'],
  ])('judges %s as %s', (birthday, problem) => {
    expect(birthdayProblem(birthday, today)).toBe(problem);
  });
});

describe('social handles', () => {
  it.each([
    ['@Ana.Silva', 'ana.silva'],
    ['https://instagram.com/ana_silva', 'ana_silva'],
    ['HTTPS://WWW.INSTAGRAM.COM/Ana/', 'ana'],
    ['https://instagram.com:443/ana', null],
    ['ftp://instagram.com/ana', null],
    ['https://www.instagram.com/explore/', null],
    ['ana.', null],
  ])('reads the Instagram input %j as %j', (input, handle) => {
    expect(normaliseInstagram(input)).toBe(handle);
  });

  it.each([
    ['@Papo', '@Papo'],
    ['https://www.youtube.com/@caf%C3%A9_papo', '@café_papo'],
    ['www.youtube.com/c/Papo/featured', 'c/Papo'],
    ['https://www.youtube.com/channel/UC1234567890abcdefghij_-/videos', 'channel/UC1234567890abcdefghij_-'],
    ['https://www.youtube.com/', null],
    ['https://www.youtube.com/playlist?list=PL123', null],
    ['https://music.youtube.com/@papo', null],
  ])('reads the YouTube input %j as %j', (input, path) => {
    expect(normaliseYoutube(input)).toBe(path);
  });

  it('builds the public addresses from what is stored', () => {
    expect(instagramUrl('ana.silva')).toBe('https://www.instagram.com/ana.silva/');
    expect(youtubeUrl('channel/UC1234567890abcdefghij_-')).toBe(
      'https://www.youtube.com/channel/UC1234567890abcdefghij_-',
    );
  });
});
