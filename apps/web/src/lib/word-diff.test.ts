import { describe, expect, it } from 'vitest';
import { wordDiff } from './word-diff';

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
});
