import { describe, expect, it } from 'vitest';
import { insertAtCaret } from './emoji-button';

describe('insertAtCaret', () => {
  it('puts the emoji where the caret is, replacing a selection, and says where the caret goes next', () => {
    const input = document.createElement('input');
    input.value = 'oi tudo bem';
    input.setSelectionRange(2, 2);
    expect(insertAtCaret(input, input.value, '😀')).toEqual({ value: 'oi😀 tudo bem', caret: 4 });
    input.setSelectionRange(3, 7);
    expect(insertAtCaret(input, input.value, '👍')).toEqual({ value: 'oi 👍 bem', caret: 5 });
  });

  it('adds at the end when there is no input to read a caret from', () => {
    expect(insertAtCaret(null, 'oi', '🎉')).toEqual({ value: 'oi🎉', caret: 4 });
  });
});
