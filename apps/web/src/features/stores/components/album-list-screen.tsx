import { storeLimits, type AlbumRow } from '@papo/contract/stores';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { PageTitle } from '../../../components/page-title';
import { StaffTable, type StaffColumn } from '../../../components/staff-table';
import { useAlbums } from '../api/get-albums';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/load-state';

/** The staff album and store list /albums (public-site §2.6). */
export function AlbumListScreen() {
  const { t, i18n } = useTranslation();
  const albums = useAlbums();
  const rows = albums.data?.pages.flatMap((p) => p.albums) ?? [];
  return (
    <div className="mx-auto max-w-5xl p-4">
      <PageTitle title={t('stores.albums.title')} />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('stores.albums.title')}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/courseAdd" className={buttonClass({ variant: 'secondary' })}>
            {t('stores.course.title')}
          </Link>
          <Link to="/albumAdd" className={buttonClass({})}>
            <Plus className="size-4" aria-hidden="true" />
            {t('stores.albums.create')}
          </Link>
        </div>
      </div>
      {albums.isPending ? (
        <LoadingState title={t('stores.albums.loading')} />
      ) : albums.isError ? (
        <ErrorState title={t('stores.loadError')} onRetry={() => void albums.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('stores.albums.empty')} />
      ) : (
        <>
          {/* Phones get cards (name first, as the link); the table needs the width of a tablet. */}
          <ul className="space-y-3 sm:hidden" data-testid="album-cards">
            {rows.map((row) => (
              <li key={row.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                <p className="font-medium [overflow-wrap:anywhere]">
                  <Link to={`/albumAdd/${row.id}`} className={nameLinkClass}>
                    {row.name}
                  </Link>
                  <Badges row={row} />
                </p>
                <p className="mt-1 text-sm text-slate-600">
                  {[
                    row.category
                      ? t(`stores.categories.${row.category.key}`, { defaultValue: row.category.name })
                      : null,
                    t(`stores.countries.${row.country}`),
                    new Date(row.createdAt).toLocaleDateString(i18n.language),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </li>
            ))}
          </ul>
          <AlbumTable rows={rows} />
        </>
      )}
      {rows.length > storeLimits.loadMoreAfter && albums.hasNextPage && (
        <div className="mt-4 text-center">
          <Button variant="secondary" disabled={albums.isFetchingNextPage} onClick={() => albums.fetchNextPage()}>
            {t('stores.albums.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The albums as a table, from a small tablet's width on. */
function AlbumTable({ rows }: { rows: AlbumRow[] }) {
  const { t, i18n } = useTranslation();
  const columns: StaffColumn<AlbumRow>[] = [
    { key: 'id', header: t('stores.albums.columns.id'), cell: (row) => row.id },
    {
      key: 'name',
      header: t('stores.albums.columns.name'),
      cellClassName: 'font-medium',
      cell: (row) => (
        <>
          <Link to={`/albumAdd/${row.id}`} className={nameLinkClass}>
            {row.name}
          </Link>
          <Badges row={row} />
        </>
      ),
    },
    {
      key: 'category',
      header: t('stores.albums.columns.category'),
      cell: (row) =>
        row.category ? t(`stores.categories.${row.category.key}`, { defaultValue: row.category.name }) : '—',
    },
    {
      key: 'created',
      header: t('stores.albums.columns.created'),
      cell: (row) => new Date(row.createdAt).toLocaleDateString(i18n.language),
    },
    { key: 'country', header: t('stores.albums.columns.country'), cell: (row) => t(`stores.countries.${row.country}`) },
    {
      key: 'action',
      header: t('stores.albums.columns.action'),
      cell: (row) => (
        <Link to={`/albumAdd/${row.id}`} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
          {t('stores.albums.edit')}
          <span className="sr-only"> {row.name}</span>
        </Link>
      ),
    },
  ];
  return (
    <StaffTable
      caption={t('stores.albums.title')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      className="hidden sm:block"
    />
  );
}

const nameLinkClass =
  'rounded text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600';

/** A course store's and a store with unpublished changes' marks beside the name. */
function Badges({ row }: { row: AlbumRow }) {
  const { t } = useTranslation();
  return (
    <>
      {row.kind === 'course' && (
        <span className="ml-2 whitespace-nowrap rounded bg-sky-50 px-1.5 text-xs text-sky-800">
          {t('stores.albums.course')}
        </span>
      )}
      {row.pendingChanges && (
        <span className="ml-2 whitespace-nowrap rounded bg-amber-50 px-1.5 text-xs text-amber-900">
          {t('stores.pending.listBadge')}
        </span>
      )}
    </>
  );
}
