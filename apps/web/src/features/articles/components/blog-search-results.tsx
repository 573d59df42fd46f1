import type { SearchResult } from '@papo/contract/search';
import { SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatePanel } from '../../../components/ui/state-panel';
import { useBlogSearch } from '../api/search';
import { focusRing } from '../lib/classes';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { Suggestion } from './suggestion';

/** Where a result leads: articles to /blog/{slug}, people to /person/{id} (public-site §2.4). */
function resultPath(result: SearchResult): string {
  if (result.type === 'person') return `/person/${result.id}`;
  if (result.type === 'lyric') return `/lyrics/${result.slug}`;
  return `/blog/${result.slug}`;
}

/** The blog's search state: results, "Você quis dizer …?" as the lyrics' (components/suggestion.tsx), or the no-results texts of §8. */
export function BlogSearchResults({
  query,
  exact,
  onSearch,
}: {
  query: string;
  exact: boolean;
  onSearch(query: string, exact?: boolean): void;
}) {
  const { t } = useTranslation();
  const search = useBlogSearch(query, exact);

  if (search.isPending) {
    return <LoadingState variant="card" title={t('articles.search.searching')} />;
  }
  if (search.isError) return <ErrorState title={t('articles.search.error')} onRetry={() => void search.refetch()} />;
  const { results, suggestion, usedQuery } = search.data;

  return (
    <section aria-labelledby="blog-results-title" className="space-y-4">
      <h2 id="blog-results-title" className="text-lg font-semibold text-slate-900" aria-live="polite">
        {results.length
          ? t('articles.search.resultsFor', { count: results.length, query: usedQuery })
          : t('articles.search.noResultsFor', { query })}
      </h2>
      {suggestion && <Suggestion query={query} usedQuery={usedQuery} suggestion={suggestion} onSearch={onSearch} />}
      {results.length === 0 && !suggestion && (
        <StatePanel
          variant="card"
          icon={SearchX}
          title={t('articles.search.nothingFound')}
          text={t('articles.search.hint')}
          testId="search-empty"
        />
      )}
      {results.length > 0 && (
        <ul
          className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
          data-testid="search-results"
        >
          {results.map((result) => (
            <li key={`${result.type}-${result.id}`}>
              <Link to={resultPath(result)} className={`block px-5 py-4 hover:bg-slate-50 ${focusRing}`}>
                <span className="block text-base font-semibold text-emerald-800">{result.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{result.shortContent}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
