import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';

interface SuggestionProps {
  /** What the reader typed. */
  query: string;
  /** The query the results shown belong to: the suggestion when the server applied it. */
  usedQuery: string;
  suggestion: string;
  /** Searches `query`; `exact` keeps it as typed, without a correction. */
  onSearch(query: string, exact?: boolean): void;
}

/**
 * "Você quis dizer …?", the same on the blog and the lyrics: the server offers a correction only when it finds more
 * than what was typed. Applied, its results are shown and the reader may search exactly what they typed; not applied
 * (they asked for exactly that), the correction is a link that searches it.
 */
export function Suggestion({ query, usedQuery, suggestion, onSearch }: SuggestionProps) {
  const { t } = useTranslation();
  const applied = usedQuery !== query;
  return (
    <p className="text-base text-slate-700" data-testid="search-suggestion">
      {t('articles.search.didYouMean')}{' '}
      {applied ? (
        <strong className="italic">{suggestion}</strong>
      ) : (
        <Button variant="link" onClick={() => onSearch(suggestion)} className="italic">
          {suggestion}
        </Button>
      )}
      ?{' '}
      {applied && (
        <span className="mt-1 block text-sm" data-testid="search-corrected">
          {t('articles.search.showingFor')} <strong className="italic">{usedQuery}</strong>.{' '}
          {t('articles.search.searchExactly')}{' '}
          <Button variant="link" onClick={() => onSearch(query, true)} className="italic">
            {query}
          </Button>
        </span>
      )}
    </p>
  );
}
