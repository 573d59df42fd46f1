import { supportedLanguages, type SupportedLanguage } from '@papo/contract/auth';
import { isOneOf } from '@papo/contract/one-of';

/** A stored language, or pt when it is not one the mails are written in. */
export function mailLanguage(stored: string): SupportedLanguage {
  return isOneOf(supportedLanguages, stored) ? stored : supportedLanguages[0];
}

/**
 * The language a new account gets: the one the client chose, else the browser's best supported
 * Accept-Language entry (by q, then order), else pt.
 */
export function pickLanguage(
  chosen: SupportedLanguage | undefined,
  acceptLanguage: string | undefined,
): SupportedLanguage {
  if (chosen) return chosen;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && isOneOf(supportedLanguages, entry.base))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const best = ranked[0]?.base;
  return best && isOneOf(supportedLanguages, best) ? best : supportedLanguages[0];
}
