import { describe, expect, it } from 'vitest';
import { isPlainMultiline, isPlainText, plainText } from './text.js';

describe('plain text', () => {
  it.each(['Olá, mundo', 'emoji 😀 e acentos ção', '', 'a\u00a0b'])('accepts %j on one line', (value) => {
    expect(isPlainText(value)).toBe(true);
  });

  it.each(['a\u0000b', 'a\tb', 'a\nb', 'a\rb', 'a\u001bb', 'a\u007fb', 'a\u009fb', 'a\ud800', '\udc00b'])(
    'refuses %j on one line',
    (value) => {
      expect(isPlainText(value)).toBe(false);
    },
  );

  it('keeps tab and line breaks when the field spans lines, and nothing else', () => {
    expect(isPlainMultiline('um\r\ndois\ttrês\n')).toBe(true);
    expect(isPlainMultiline('a\u0000b')).toBe(false);
    expect(isPlainMultiline('a\u000bb')).toBe(false);
    expect(isPlainMultiline('😀')).toBe(true);
  });

  it('answers the keys the clients translate', () => {
    const schema = plainText('name_required').trim().min(1, 'name_required');
    const issues = (value: unknown) => schema.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(issues(undefined)).toEqual(['name_required']);
    expect(issues(3)).toEqual(['invalid_type']);
    expect(issues('a\u0000')).toEqual(['invalid_characters']);
    expect(issues('  ')).toEqual(['name_required']);
    expect(schema.parse(' Ana ')).toBe('Ana');
  });
});
