import { describe, expect, it } from 'vitest';
import { mentionBackground, nickColour, nickPalette } from './nick-colour';

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('nickname colours', () => {
  it.each(nickPalette)('%s reaches AA contrast on white and on the mention highlight', (colour) => {
    expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour, mentionBackground)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives a nickname the same colour every time, whatever its case', () => {
    expect(nickColour('Maria')).toBe(nickColour('maria'));
    expect(nickPalette).toContain(nickColour('maria'));
  });

  it('spreads common nicknames over several colours', () => {
    const names = ['ana', 'bia', 'caio', 'duda', 'edu', 'fabi', 'gui', 'hugo', 'iris', 'joao', 'kaka', 'leo'];
    expect(new Set(names.map(nickColour)).size).toBeGreaterThanOrEqual(6);
  });
});
