import i18n, { type BackendModule, type ReadCallback, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie } from './request-context';
import { isOneOf } from '@papo/contract/one-of';

export const languages = ['pt', 'en', 'fr', 'es'] as const;
export type Language = (typeof languages)[number];

/** Each language is offered under its own name (an endonym), which is the same in every locale. */
export const languageNames: Record<Language, string> = {
  pt: 'Português',
  en: 'English',
  fr: 'Français',
  es: 'Español',
};

const defaultLanguage: Language = 'pt';
const storageKey = 'user-language';

export function isLanguage(value: unknown): value is Language {
  return isOneOf(languages, value);
}

/** The texts of a list in the locale files (a JSON array under `key`); an entry that is not text is left out. */
export function textList(t: TFunction, key: string): string[] {
  const value: unknown = t(key, { returnObjects: true });
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Name of the cookie (and storage key) holding the visitor's choice; the server reads it to render pages. */
export const languageCookie = storageKey;
const cookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * The visitor's saved choice (cookie, then the storage of older visits), else the language the server
 * picked from Accept-Language for this page (`<html lang>`), else Portuguese.
 */
function storedLanguage(): Language {
  const saved = readCookie(storageKey) ?? localStorage.getItem(storageKey);
  if (isLanguage(saved)) return saved;
  const served = document.documentElement.lang;
  return isLanguage(served) ? served : defaultLanguage;
}

/**
 * Where a language's texts come from: the built JSON files in the browser (lib/locale-files.ts), the bundled modules
 * in the tests (lib/locale-resources.ts, kept out of the browser's first download).
 */
export type LocaleLoader = (language: string) => Promise<Record<string, unknown>>;

let localeLoader: LocaleLoader | undefined;

// one file per language, so a visitor downloads only the texts of the language in use.
const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (!localeLoader) return callback(new Error('initI18n needs a locale loader first'), false);
    localeLoader(language).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** Loads the texts of `language` with `loader` (kept for later changes of language) and keeps `<html lang>` in step. */
export async function initI18n(language: Language = storedLanguage(), loader: LocaleLoader) {
  localeLoader = loader;
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', syncDocumentLanguage);
    await i18n
      .use(localeBackend)
      .use(initReactI18next)
      .init({
        lng: language,
        // the spec's English fallback is kept at build time, not by a second download: a test fails when any
        // key is missing from a language (decision 007), so a runtime fallback could never show anything.
        fallbackLng: false,
        supportedLngs: [...languages],
        load: 'currentOnly',
        interpolation: { escapeValue: false },
      });
  } else {
    await i18n.changeLanguage(language);
  }
  syncDocumentLanguage(i18n.language);
  return i18n;
}

/** Switches the interface language and remembers it for the next visit. */
export async function changeLanguage(language: Language) {
  localStorage.setItem(storageKey, language);
  document.cookie = `${storageKey}=${language}; max-age=${cookieMaxAgeSeconds}; path=/; SameSite=Lax`;
  await i18n.changeLanguage(language);
}

/** The language currently shown, narrowed to one of ours. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}

/**
 * The language a page is rendered in: the visitor's stored choice, else Portuguese. The browser's Accept-Language
 * is not asked: the specification's pt by default, one language per address for search engines.
 */
export function negotiateLanguage(stored: string | null): Language {
  return isLanguage(stored) ? stored : defaultLanguage;
}
