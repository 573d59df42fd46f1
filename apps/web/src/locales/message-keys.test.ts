import { messageKeys } from '@papo/contract/message-keys';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import pt from './pt.json';

const sharedTexts = { pt, en, fr, es };

describe('server message keys', () => {
  it.each(Object.keys(sharedTexts) as (keyof typeof sharedTexts)[])(
    'each has a text under errors.<key> in %s',
    (language) => {
      const errors: Record<string, unknown> = sharedTexts[language].errors;
      const missing = messageKeys.filter(
        (key) => typeof errors[key] !== 'string' || (errors[key] as string).trim() === '',
      );
      expect(missing).toEqual([]);
    },
  );
});
