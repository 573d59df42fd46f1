import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/button';

/** "Did you mean …?": clicking the suggestion searches it. */
export function Suggestion({ suggestion, onPick }: { suggestion: string; onPick(query: string): void }) {
  const { t } = useTranslation();
  return (
    <p className="text-base text-slate-700" data-testid="search-suggestion">
      {t('articles.search.didYouMean')}{' '}
      <button type="button" onClick={() => onPick(suggestion)} className={`${buttonClass({ variant: 'link' })} italic`}>
        {suggestion}
      </button>
      ?
    </p>
  );
}
