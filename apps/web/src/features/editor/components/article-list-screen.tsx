import { editorListStatuses, type EditorListStatus } from '@papo/contract/editor';
import type { EditorArticleRow } from '@papo/contract/editor-articles';
import { searchQueryLimits } from '@papo/contract/search';
import { FileText, Plus, Search, Store } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { inputClass } from '../../../components/ui/form-field';
import { PageTitle } from '../../../components/page-title';
import { StaffTable, type StaffColumn } from '../../../components/staff-table';
import { StatePanel } from '../../../components/ui/state-panel';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { editorPaths, paths } from '../../../config/paths';
import { useEditorArticles } from '../api/get-editor-articles';
import { pageTitleClass, primaryButtonClass, secondaryButtonClass } from '../lib/classes';
import { formatDateTime } from '../lib/dates';
import { Button } from '../../../components/ui/button';

/** The status of the address (`?status=`), when it is one the list knows. */
function statusOf(value: string | null): EditorListStatus | undefined {
  return editorListStatuses.find((status) => status === value);
}

function publicPath(article: EditorArticleRow): string {
  return `${article.isLyrics ? paths.lyrics : paths.blog}/${article.slug}`;
}

/** `Editor de Artigos` (public-site §2.6): every article at /editor_articles, lyrics only at /editor_ls. */
export function ArticleListScreen() {
  const { t } = useTranslation();
  const lyrics = useLocation().pathname === paths.editor_ls;
  // The search and the status filter live in the address (`?q=&status=`): a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const status = statusOf(params.get('status'));
  const list = useEditorArticles(lyrics, { q, status });
  const setFilter = (next: { q?: string; status?: EditorListStatus }) => {
    const query = new URLSearchParams();
    const nextQ = (next.q ?? q).trim();
    const nextStatus = 'status' in next ? next.status : status;
    if (nextQ) query.set('q', nextQ);
    if (nextStatus) query.set('status', nextStatus);
    // Each search or filter is a step of its own: Back returns to the one before, its words back in the box.
    setParams(query);
  };
  const title = lyrics ? t('editor.list.lyricsTitle') : t('editor.list.title');
  return (
    <div className="mx-auto max-w-5xl">
      <PageTitle title={title} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className={pageTitleClass}>{title}</h1>
        <div className="flex flex-wrap gap-2">
          <Link
            to={{ pathname: lyrics ? paths.editor_articles : paths.editor_ls, search: params.toString() }}
            className={secondaryButtonClass}
          >
            {lyrics ? t('editor.list.showAll') : t('editor.list.showLyrics')}
          </Link>
          <Link to={paths.editor} className={primaryButtonClass}>
            <Plus className="size-4" aria-hidden="true" />
            {t('editor.list.add')}
          </Link>
        </div>
      </div>
      <ListFilters q={q} status={status} onFilter={setFilter} />
      <ListContent list={list} filtered={q !== '' || status !== undefined} title={title} />
      {list.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('editor.list.more')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The search (sent with Enter or its button) and the status filter, both kept in the address. */
function ListFilters({
  q,
  status,
  onFilter,
}: {
  q: string;
  status: EditorListStatus | undefined;
  onFilter: (next: { q?: string; status?: EditorListStatus }) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(q);
  // The box shows the address's search whenever the address changes (Back, Forward, a link), not only on arrival.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  // The search runs when it is sent (Enter or the button), not on every key: one request per search.
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    onFilter({ q: text });
  };
  return (
    <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <form
        role="search"
        aria-label={t('editor.list.searchLabel')}
        onSubmit={onSearch}
        className="flex min-w-0 flex-1 items-end gap-2"
      >
        <label className="min-w-0 flex-1 text-sm font-medium text-slate-700">
          {t('editor.list.search')}
          <input
            type="search"
            name="q"
            value={text}
            maxLength={searchQueryLimits.max}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('editor.list.searchPlaceholder')}
            className={`${inputClass} mt-1`}
          />
        </label>
        <Button variant="secondary" type="submit">
          <Search className="size-4" aria-hidden="true" />
          {t('editor.list.searchSubmit')}
        </Button>
      </form>
      <label className="text-sm font-medium text-slate-700 sm:w-48">
        {t('editor.list.status')}
        <select
          name="status"
          value={status ?? ''}
          onChange={(event) => onFilter({ status: statusOf(event.target.value) })}
          className={`${inputClass} mt-1`}
        >
          <option value="">{t('editor.list.statuses.all')}</option>
          {editorListStatuses.map((value) => (
            <option key={value} value={value}>
              {t(`editor.list.statuses.${value}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The list as it stands: loading, failed (with a retry), empty or matching nothing, or the articles. */
function ListContent({
  list,
  filtered,
  title,
}: {
  list: ReturnType<typeof useEditorArticles>;
  filtered: boolean;
  title: string;
}) {
  const { t } = useTranslation();
  const articles = list.data?.pages.flatMap((p) => p.articles) ?? [];
  if (list.isPending) return <LoadingState variant="card" title={t('editor.list.loading')} />;
  if (list.isError && articles.length === 0) {
    return <ErrorState title={t('editor.list.loadError')} onRetry={() => void list.refetch()} />;
  }
  if (articles.length === 0) {
    return (
      <StatePanel variant="card" icon={FileText} title={filtered ? t('editor.list.noMatch') : t('editor.list.empty')} />
    );
  }
  return (
    <>
      {/* Phones get cards; the table needs the width of a tablet. */}
      <ArticleCards articles={articles} />
      <ArticleTable articles={articles} title={title} />
    </>
  );
}

/** The articles as cards, on a phone. */
function ArticleCards({ articles }: { articles: EditorArticleRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-3 md:hidden" data-testid="article-cards">
      {articles.map((article) => (
        <li key={article.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <p className="font-medium text-slate-900">
            <span className="mr-2 tabular-nums text-slate-500">#{article.id}</span>
            <Link to={editorPaths.content(article.id)} className={titleLinkClass}>
              {article.title}
            </Link>
          </p>
          <StoreDescriptionNote article={article} />
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">{t('editor.list.columns.live')}</dt>
            <dd>
              <LiveState article={article} />
            </dd>
            {article.isLyrics && (
              <>
                <dt className="text-slate-500">{t('editor.list.columns.lyrics')}</dt>
                <dd>{t('editor.yes')}</dd>
              </>
            )}
            {article.categoryKey && (
              <>
                <dt className="text-slate-500">{t('editor.list.columns.category')}</dt>
                <dd>{t(`articles.categories.${article.categoryKey}`)}</dd>
              </>
            )}
          </dl>
          <div className="mt-3">
            <Actions article={article} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The articles as a table, from a tablet's width on. */
function ArticleTable({ articles, title }: { articles: EditorArticleRow[]; title: string }) {
  const { t } = useTranslation();
  const columns: StaffColumn<EditorArticleRow>[] = [
    { key: 'id', header: '#', cell: (article) => article.id, cellClassName: 'tabular-nums text-slate-500' },
    {
      key: 'title',
      header: t('editor.list.columns.title'),
      cellClassName: 'font-medium text-slate-900',
      cell: (article) => (
        <>
          <Link to={editorPaths.content(article.id)} className={titleLinkClass}>
            {article.title}
          </Link>
          <StoreDescriptionNote article={article} />
        </>
      ),
    },
    { key: 'live', header: t('editor.list.columns.live'), cell: (article) => <LiveState article={article} /> },
    {
      key: 'lyrics',
      header: t('editor.list.columns.lyrics'),
      cell: (article) => (article.isLyrics ? t('editor.yes') : ''),
    },
    {
      key: 'category',
      header: t('editor.list.columns.category'),
      cell: (article) => (article.categoryKey ? t(`articles.categories.${article.categoryKey}`) : ''),
    },
    { key: 'action', header: t('editor.list.columns.action'), cell: (article) => <Actions article={article} /> },
  ];
  return (
    <StaffTable
      caption={title}
      columns={columns}
      rows={articles}
      rowKey={(article) => article.id}
      className="hidden md:block"
    />
  );
}

/** Whether the article is live, or when it is due to be. */
function LiveState({ article }: { article: EditorArticleRow }) {
  const { t, i18n } = useTranslation();
  if (article.isPublished) return t('editor.yes');
  return article.publishAt
    ? t('editor.list.scheduled', { date: formatDateTime(article.publishAt, i18n.language) })
    : t('editor.no');
}

function Actions({ article }: { article: EditorArticleRow }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-3">
      <Link
        to={editorPaths.content(article.id)}
        aria-label={t('editor.list.editLabel', { title: article.title })}
        className="font-medium text-emerald-800 underline-offset-2 hover:underline"
      >
        {t('editor.list.edit')}
      </Link>
      {article.isPublished && (
        <Link
          to={publicPath(article)}
          aria-label={t('editor.list.viewLabel', { title: article.title })}
          className="text-slate-700 underline-offset-2 hover:underline"
        >
          {t('editor.list.view')}
        </Link>
      )}
    </div>
  );
}

/** A store's generated description is an article the store shows, not a forgotten draft: the list says whose it is. */
function StoreDescriptionNote({ article }: { article: EditorArticleRow }) {
  const { t } = useTranslation();
  if (article.descriptionOf === null) return null;
  return (
    <span
      className="mt-1 flex w-fit items-center gap-1 rounded-md bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-900"
      data-testid="store-description-note"
    >
      <Store className="size-3.5" aria-hidden="true" />
      {t('editor.list.storeDescription', { store: article.descriptionOf })}
    </span>
  );
}

/** The title is the way into the article's editor, in the cards and in the table. */
const titleLinkClass =
  'rounded text-emerald-800 underline-offset-2 [overflow-wrap:anywhere] hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';
