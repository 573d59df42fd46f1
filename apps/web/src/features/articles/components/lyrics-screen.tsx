import { Music } from 'lucide-react';
import { paths } from '../../../config/paths';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { StatePanel } from '../../../components/ui/state-panel';
import { useLyrics } from '../api/get-lyrics';
import { ErrorState } from '../../../components/ui/load-state';
import { LyricCard } from './lyric-card';
import { LyricsResults } from './lyrics-results';
import { ListHeader } from './list-header';
import { SearchForm } from './search-form';
import { Island } from '../../../islands/island';

function LyricsList() {
  const { t } = useTranslation();
  const lyrics = useLyrics();
  if (lyrics.isPending) {
    return (
      <div role="status" aria-label={t('articles.lyrics.loading')} data-testid="list-loading">
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
          {Array.from({ length: 9 }, (_, i) => (
            <li key={i} className="h-20 animate-pulse rounded-xl border border-slate-200 bg-white" />
          ))}
        </ul>
      </div>
    );
  }
  if (lyrics.isError)
    return (
      <ErrorState title={t('articles.lyrics.loadError')} onRetry={() => void lyrics.refetch()} testId="lyrics-error" />
    );
  if (lyrics.data.lyrics.length === 0) {
    return (
      <StatePanel
        variant="card"
        icon={Music}
        title={t('articles.lyrics.emptyTitle')}
        text={t('articles.lyrics.emptyText')}
        testId="lyrics-empty"
      />
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{t('articles.lyrics.count', { count: lyrics.data.total })}</p>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="lyrics-list">
        {lyrics.data.lyrics.map((lyric) => (
          <li key={lyric.id}>
            <LyricCard lyric={lyric} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The search in the address (`?q=`, `?exact=1`), and a way to change it. */
function useLyricsParams() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const exact = params.get('exact') === '1';
  const search = (q: string | null, exactly = false) => setParams(q ? { q, ...(exactly ? { exact: '1' } : {}) } : {});
  return { query, exact, search };
}

/** The lyrics' search box: an island of the public page (decision 042). */
export function LyricsSearch({ label, placeholder }: { label: string; placeholder: string }) {
  const { query, search } = useLyricsParams();
  return (
    <SearchForm
      key={query}
      query={query}
      label={label}
      placeholder={placeholder}
      onSearch={(q) => search(q)}
      onClear={() => search(null)}
    />
  );
}

/** The search's results and its "did you mean": an island of the public page. */
export function LyricsSearchResults({ query, exact }: { query: string; exact: boolean }) {
  const { search } = useLyricsParams();
  return <LyricsResults query={query} exact={exact} onSearch={search} />;
}

/** The lyrics /lyrics (public-site §2.4): cards, and a search with suggestion, counts and "search instead for". */
export function LyricsScreen() {
  const { t } = useTranslation();
  const { query, exact } = useLyricsParams();

  return (
    <div className="mx-auto max-w-6xl">
      <ListHeader
        title={t('articles.lyrics.title')}
        intro={t('articles.lyrics.intro')}
        description={t('meta.lyrics')}
        card="lyrics"
        path={paths.lyrics}
      >
        <Island
          name="lyrics-search"
          component={LyricsSearch}
          props={{ label: t('articles.lyrics.searchLabel'), placeholder: t('articles.lyrics.searchPlaceholder') }}
        />
      </ListHeader>
      {query ? (
        <Island name="lyrics-results" component={LyricsSearchResults} props={{ query, exact }} />
      ) : (
        <LyricsList />
      )}
    </div>
  );
}
