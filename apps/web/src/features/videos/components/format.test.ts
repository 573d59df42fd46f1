import { describe, expect, it } from 'vitest';
import { embedUrl, formatDuration, formatLongDate, splitLinks } from './format';

describe('formatDuration', () => {
  it.each([
    [3723, '1:02:03'],
    [253, '4:13'],
    [45, '0:45'],
    [3600, '1:00:00'],
    [0, '0:00'],
    [null, '0:00'],
    [Number.NaN, '0:00'],
  ])('%s seconds is %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatLongDate', () => {
  it('writes the pt-BR long format', () => {
    expect(formatLongDate('2025-05-06T07:08:09Z')).toBe('6 de maio de 2025');
    expect(formatLongDate('not a date')).toBe('');
  });
});

describe('splitLinks', () => {
  it('finds http and https links and leaves punctuation after them as text', () => {
    expect(splitLinks('Veja https://studio.blender.org/films/. E <b>http://a.b/c</b>')).toEqual([
      { text: 'Veja ' },
      { text: 'https://studio.blender.org/films/', href: 'https://studio.blender.org/films/' },
      { text: '. E <b>' },
      { text: 'http://a.b/c', href: 'http://a.b/c' },
      { text: '</b>' },
    ]);
    expect(splitLinks('javascript:alert(1)')).toEqual([{ text: 'javascript:alert(1)' }]);
  });
});

it('embeds from the privacy-enhanced domain', () => {
  expect(embedUrl('aqz-KE-bpKQ', { autoplay: '1' })).toBe(
    'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0&autoplay=1',
  );
});
