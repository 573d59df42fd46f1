import { useTranslation } from 'react-i18next';
import { linkClass } from '../lib/classes';

/** "Did you mean …?": clicking the suggestion searches it. */
export function Suggestion({ suggestion, onPick }: { suggestion: string; onPick(query: string): void }) {
  const { t } = useTranslation();
  return (
    <p className="text-base text-slate-700" data-testid="search-suggestion">
      {t('articles.search.didYouMean')}{' '}
      <button type="button" onClick={() => onPick(suggestion)} className={`${linkClass} italic`}>
        {suggestion}
      </button>
      ?
    </p>
  );
}
