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
