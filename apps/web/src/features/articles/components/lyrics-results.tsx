import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '../../../components/ui/state-panel';
import { useLyricsSearch } from '../api/search';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { LyricCard } from './lyric-card';
import { Suggestion } from './suggestion';

/**
 * The lyrics search state: counts, "Você quis dizer …?" when a correction finds more (components/suggestion.tsx, as
 * the blog's), or the no-results panel with a hint.
 */
export function LyricsResults({
  query,
  exact,
  onSearch,
}: {
  query: string;
  exact: boolean;
  onSearch(query: string, exact?: boolean): void;
}) {
  const { t } = useTranslation();
  const search = useLyricsSearch(query, exact);
  if (search.isPending) return <LoadingState variant="card" title={t('articles.search.searching')} />;
  if (search.isError) return <ErrorState title={t('articles.search.error')} onRetry={() => void search.refetch()} />;
  const { results, usedQuery, suggestion } = search.data;
  const offered = suggestion && (
    <Suggestion query={query} usedQuery={usedQuery} suggestion={suggestion} onSearch={onSearch} />
  );

  if (results.length === 0) {
    return (
      <StatePanel
        variant="card"
        icon={SearchX}
        title={t('articles.lyrics.nothingTitle')}
        text={t('articles.lyrics.nothingFor', { query })}
        testId="search-empty"
      >
        {offered}
        <p className="mt-2 text-sm text-slate-600">{t('articles.lyrics.hint')}</p>
      </StatePanel>
    );
  }
  return (
    <section aria-labelledby="lyrics-results-title" className="space-y-4">
      <div aria-live="polite" className="space-y-2">
        <h2 id="lyrics-results-title" className="text-lg font-semibold text-slate-900">
          {t('articles.search.resultsFor', { count: results.length, query: usedQuery })}
        </h2>
        {offered}
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
