import { describe, expect, it } from 'vitest';
import { dateOrder, localTexts, parseLocalTexts } from './local-date';

describe('dates typed in the app’s language', () => {
  it('writes day, month and year in the language’s order', () => {
    expect(dateOrder('pt')).toEqual(['day', 'month', 'year']);
    expect(dateOrder('en')).toEqual(['month', 'day', 'year']);
    expect(localTexts('2026-12-05T09:30', 'pt')).toEqual({ date: '05/12/2026', time: '09:30' });
    expect(localTexts('2026-12-05T09:30', 'en')).toEqual({ date: '12/05/2026', time: '09:30' });
    expect(localTexts('', 'pt')).toEqual({ date: '', time: '' });
  });

  it('reads back what was typed, in the language’s order, with any separator', () => {
    expect(parseLocalTexts('5/12/2026', '9:30', 'pt')).toBe('2026-12-05T09:30');
    expect(parseLocalTexts('05-12-26', '14h05', 'fr')).toBe('2026-12-05T14:05');
    expect(parseLocalTexts('12/05/2026', '0930', 'en')).toBe('2026-12-05T09:30');
    expect(parseLocalTexts(' ', '', 'pt')).toBe('');
  });

  it('refuses a missing half, a date that does not exist and a time beyond the day', () => {
    expect(parseLocalTexts('05/12/2026', '', 'pt')).toBeNull();
    expect(parseLocalTexts('', '09:30', 'pt')).toBeNull();
    expect(parseLocalTexts('31/02/2026', '09:30', 'pt')).toBeNull();
    expect(parseLocalTexts('12/31/2026', '09:30', 'pt')).toBeNull();
    expect(parseLocalTexts('05/12/2026', '24:00', 'pt')).toBeNull();
    expect(parseLocalTexts('05/12/2026', '9:75', 'pt')).toBeNull();
    expect(parseLocalTexts('amanhã', '09:30', 'pt')).toBeNull();
  });
});
