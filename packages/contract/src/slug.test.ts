import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugPattern, slugify } from './slug.js';

describe('slugify', () => {
  it.each([
    ['Coração de Estudante', 'coracao-de-estudante'],
    ['  Ciranda:  cirandinha  ', 'ciranda-cirandinha'],
    ['Ação -- e   reação', 'acao-e-reacao'],
    ['São João: a festa!', 'sao-joao-a-festa'],
    ['Ünïcödé ÇÃÕ', 'unicode-cao'],
    ['<script>alert(1)</script>', 'scriptalert1script'],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
    expect(slug).toMatch(slugPattern);
  });

  it('gives an empty slug for text without letters or digits', () => {
    expect(slugify('?!: --')).toBe('');
  });
});

describe('slugify on any input (property-based)', () => {
  it('is idempotent and gives only [a-z0-9-] without leading, trailing or doubled hyphens', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'grapheme' }),
          fc
            .array(fc.constantFrom('a', 'É', 'ç', ' ', ':', '-', '9', 'õ', '\t', 'ﬁ', 'ß'))
            .map((parts) => parts.join('')),
        ),
        (text) => {
          const slug = slugify(text);
          expect(slugify(slug)).toBe(slug);
          expect(slug).toMatch(/^[a-z0-9-]*$/);
          expect(slug).not.toMatch(/^-|-$|--/);
        },
      ),
    );
  });
});
