import { Loader2, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '../../../components/state-panel';
import { useLyricsSearch } from '../api/search';
import { buttonClass } from '../../../components/button';
import { ErrorState } from '../../../components/load-state';
import { LyricCard } from './lyric-card';
import { Suggestion } from './suggestion';

/**
 * The lyrics search state: counts, "showing results for … / search instead for …" when the server used
 * its suggestion, the suggestion itself, or the no-results panel with a hint.
 */
export function LyricsResults({ query, exact, onSearch }: { query: string; exact: boolean; onSearch(query: string, exact?: boolean): void }) {
  const { t } = useTranslation();
  const search = useLyricsSearch(query, exact);
  if (search.isPending) return <StatePanel variant="card" icon={Loader2} spin role="status" title={t('articles.search.searching')} />;
  if (search.isError) return <ErrorState title={t('articles.search.error')} onRetry={() => void search.refetch()} />;
  const { results, usedQuery, suggestion } = search.data;
  const corrected = usedQuery !== query;

  if (results.length === 0) {
    return (
      <StatePanel variant="card" icon={SearchX} title={t('articles.lyrics.nothingTitle')} text={t('articles.lyrics.nothingFor', { query })} testId="search-empty">
        {suggestion && <Suggestion suggestion={suggestion} onPick={(q) => onSearch(q)} />}
        <p className="mt-2 text-sm text-slate-600">{t('articles.lyrics.hint')}</p>
      </StatePanel>
    );
  }
  return (
    <section aria-labelledby="lyrics-results-title" className="space-y-4">
      <div aria-live="polite">
        <h2 id="lyrics-results-title" className="text-lg font-semibold text-slate-900">
          {t('articles.search.resultsFor', { count: results.length, query: usedQuery })}
        </h2>
        {corrected && (
          <p className="mt-1 text-sm text-slate-700" data-testid="search-corrected">
            {t('articles.lyrics.showingFor')} <strong className="italic">{usedQuery}</strong>.{' '}
            {t('articles.lyrics.searchInstead')}{' '}
            <button type="button" onClick={() => onSearch(query, true)} className={buttonClass({ variant: 'link' })}>
              {query}
            </button>
          </p>
        )}
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="search-results">
        {results.map((result) => (
          <li key={result.id}>
            <LyricCard lyric={result} />
          </li>
        ))}
      </ul>
    </section>
  );
}
