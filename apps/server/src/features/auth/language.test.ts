import { describe, expect, it } from 'vitest';
import { mailLanguage, pickLanguage } from './language.js';

describe('pickLanguage', () => {
  it('prefers the language the client chose', () => {
    expect(pickLanguage('es', 'fr')).toBe('es');
  });

  it.each([
    [undefined, 'pt'],
    ['', 'pt'],
    ['de-DE,de;q=0.9', 'pt'],
    ['en-US,en;q=0.9,pt;q=0.8', 'en'],
    ['de, fr-CA;q=0.8, en;q=0.5', 'fr'],
    ['en;q=0.5, es;q=0.9', 'es'],
    ['fr;q=0, en', 'en'],
    ['EN-gb', 'en'],
    ['*', 'pt'],
  ])('reads Accept-Language %j as %s', (header, expected) => {
    expect(pickLanguage(undefined, header)).toBe(expected);
  });
});

describe('mailLanguage', () => {
  it('keeps a supported language and falls back to pt', () => {
    expect(mailLanguage('fr')).toBe('fr');
    expect(mailLanguage('de')).toBe('pt');
  });
});
