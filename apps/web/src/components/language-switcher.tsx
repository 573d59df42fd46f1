import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { useStableId } from '../islands/island-id';
import { changeLanguage, isLanguage, languageNames, languages } from '../lib/i18n';

interface LanguageSwitcherProps {
  /** Show the word "Language" beside the select (the header only shows an icon). */
  showLabel?: boolean;
  /**
   * Carry the `language-switcher` test id. Only one switcher on screen may carry it,
   * so end-to-end tests find exactly one.
   */
  testId?: boolean;
}

/** Interface language select; the choice is saved in localStorage and sets `<html lang>`. */
export function LanguageSwitcher({ showLabel = false, testId = true }: LanguageSwitcherProps) {
  const { t, i18n } = useTranslation();
  const id = useStableId(testId ? 'language' : 'language-menu');
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'pt';
  return (
    <div className={clsx('flex items-center', showLabel ? 'gap-3' : 'gap-1.5')}>
      <Languages className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <label htmlFor={id} className={clsx(showLabel ? 'text-sm font-medium text-slate-700' : 'sr-only')}>
        {t('language.label')}
      </label>
      <select
        id={id}
        data-testid={testId ? 'language-switcher' : undefined}
        value={value}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
        className="rounded-lg border border-slate-300 bg-white py-1.5 pl-2 pr-7 text-sm text-slate-800 hover:border-slate-400 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
