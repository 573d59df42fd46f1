import { describe, expect, it } from 'vitest';
import { loadLocale } from './locale-resources';

describe('loadLocale', () => {
  it.each(['pt', 'en', 'fr', 'es'])(
    'merges the shared and the feature texts of %s into one bundle',
    async (language) => {
      const texts = await loadLocale(language);
      expect(texts).toHaveProperty('nav.channels');
      expect(texts).toHaveProperty('contact');
      expect(texts).toHaveProperty('chat');
    },
  );

  it('refuses a language Papo does not speak', async () => {
    await expect(loadLocale('de')).rejects.toThrow('unknown_language:de');
  });
});
