import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mergedTexts } from '../../build/locale-json';
import { languages } from './i18n';
import { loadLocale } from './locale-resources';

describe('the texts files the build makes for the browser', () => {
  it('hold exactly what the bundled locale modules hold, for every language', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    for (const language of languages) {
      expect(await mergedTexts(root, language), language).toEqual(await loadLocale(language));
    }
  });
});
