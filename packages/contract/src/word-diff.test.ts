import { describe, expect, it } from 'vitest';
import { characterChanges, wordDiff } from './word-diff.js';

describe('word diff', () => {
  it('marks the words added and removed, the rest as it was', () => {
    expect(wordDiff('A feira abre cedo no sábado.', 'A feira abre tarde no domingo e no sábado.')).toEqual([
      { kind: 'same', text: 'A feira abre ' },
      { kind: 'removed', text: 'cedo' },
      { kind: 'added', text: 'tarde no domingo e' },
      { kind: 'same', text: ' no sábado.' },
    ]);
  });

  it('answers one unchanged part for the same text, and all added from nothing', () => {
    expect(wordDiff('igual', 'igual')).toEqual([{ kind: 'same', text: 'igual' }]);
    expect(wordDiff('', 'novo texto')).toEqual([{ kind: 'added', text: 'novo texto' }]);
  });

  it('counts the characters added and removed, whitespace aside, exactly within its bound and as an upper bound beyond', () => {
    const before = 'um dois três quatro cinco';
    const after = 'um DOIS três quatro CINCO';
    expect(characterChanges(before, after)).toEqual({ added: 9, removed: 9 });
    // The middle "dois três quatro cinco" (seven words and spaces a side) is 49 pairs, beyond 4: all removed, all added.
    expect(characterChanges(before, after, 4)).toEqual({ added: 19, removed: 19 });
    expect(characterChanges(before, before, 4)).toEqual({ added: 0, removed: 0 });
  });
});
