import { supportedLanguages } from '@papo/contract/auth';
import { newsLimits, newsPickerQuery, newsSources, type NewsItem, type NewsSource } from '@papo/contract/home';
import { Newspaper, Save, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConflictDialog } from '../../../components/conflict-dialog';
import { LeaveGuard } from '../../../components/leave-guard';
import { PageTitle } from '../../../components/page-title';
import { StaffTable, type StaffColumn } from '../../../components/staff-table';
import { StatePanel } from '../../../components/ui/state-panel';
import { errorText, messageText } from '../../../lib/api';
import { checkFields } from '../../../lib/field-errors';
import { homeNewsKey, readHomeNews, useHomeNews } from '../api/get-home-news';
import { useSaveHomeNews } from '../api/save-home-news';
import { useNewsSearch } from '../api/search-news';
import { isOneOf } from '@papo/contract/one-of';
import { useQueryClient } from '@tanstack/react-query';
import { useRecordConflict } from '../../../hooks/use-record-conflict';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';

const controlClass =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:text-sm';

/**
 * 'Selecionar de Notícias' (public-site §2.6): search one source, tick results, and save them as the home
 * page's quick news for a language (`PUT /api/homeNews`, decision 017). The save names the version of the selection
 * it replaces (a colleague's newer choice opens the conflict dialog), and leaving with ticked, unsaved results asks first.
 */
export function NewsPickerScreen() {
  const { t, i18n } = useTranslation();
  const ids = { source: useId(), query: useId(), lang: useId() };
  const [source, setSource] = useState<NewsSource>('globo');
  const [text, setText] = useState('');
  const [search, setSearch] = useState<{ source: NewsSource; query: string } | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [queryError, setQueryError] = useState<string | null>(null);
  const [lang, setLang] = useState(isOneOf(supportedLanguages, i18n.language) ? i18n.language : 'pt');

  const results = useNewsSearch(search);
  const save = useSaveHomeNews();
  const queryClient = useQueryClient();
  const current = useHomeNews(lang);
  const conflict = useRecordConflict(async () => {
    const selection = await readHomeNews(lang);
    return { ...selection, revisionAuthor: null, revisionAt: null };
  });
  // Ticks not saved yet: leaving the page (or the tab) asks first.
  const [dirty, setDirty] = useState(false);
  const titles = (list: readonly NewsItem[]) => list.map((item) => item.title).join(' · ');
  const store = async (revision: number) => {
    const chosen = items.filter((item) => selected.has(item.link));
    const saved = await conflict.guard(() => save.mutateAsync({ lang, items: chosen, revision }));
    if (!saved) return;
    setDirty(false);
    queryClient.setQueryData(homeNewsKey(lang), { lang, items: chosen, revision: saved.revision });
  };
  const theirs = conflict.theirs;

  const items = results.data?.results ?? [];
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.link));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The contract's check of the search before asking: an empty subject is said under the field, not searched for.
    const checked = newsPickerQuery.safeParse({ source, query: text });
    const problem = checked.success ? undefined : checkFields(checked.error).query?.[0];
    setQueryError(problem ? messageText(t, problem, 'newsPicker') : null);
    if (!checked.success) return;
    setSelected(new Set());
    save.reset();
    setSearch(checked.data);
  };
  const toggle = (link: string) => {
    const next = new Set(selected);
    if (next.has(link)) next.delete(link);
    else if (next.size < newsLimits.items) next.add(link);
    setSelected(next);
    setDirty(true);
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <PageTitle title={t('newsPicker.title')} />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('newsPicker.title')}</h1>
      <form onSubmit={submit} role="search" className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-end">
        <div>
          <label htmlFor={ids.source} className="text-sm font-medium text-slate-700">
            {t('newsPicker.source')}
          </label>
          <select
            id={ids.source}
            value={source}
            onChange={(e) => isOneOf(newsSources, e.target.value) && setSource(e.target.value)}
            className={`${controlClass} mt-1`}
          >
            {newsSources.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.query} className="text-sm font-medium text-slate-700">
            {t('newsPicker.query')}
          </label>
          <input
            id={ids.query}
            type="search"
            value={text}
            maxLength={newsLimits.query}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('newsPicker.placeholder')}
            aria-invalid={queryError ? true : undefined}
            aria-describedby={queryError ? `${ids.query}-error` : undefined}
            className={`${controlClass} mt-1`}
          />
          {queryError && (
            <p id={`${ids.query}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {queryError}
            </p>
          )}
        </div>
        <Button type="submit">
          <Search className="size-4" aria-hidden="true" />
          {t('newsPicker.search')}
        </Button>
      </form>

      {search === null ? (
        <StatePanel variant="card" icon={Newspaper} title={t('newsPicker.idleTitle')} text={t('newsPicker.idleText')} />
      ) : results.isPending ? (
        <LoadingState title={t('newsPicker.loading')} />
      ) : results.isError ? (
        <ErrorState text={errorText(t, results.error)} onRetry={() => void results.refetch()} />
      ) : items.length === 0 ? (
        <StatePanel variant="card" icon={Search} title={t('newsPicker.empty', { query: search.query })} />
      ) : (
        <>
          <ResultsTable
            items={items}
            caption={t('newsPicker.caption', { query: search.query, source: search.source })}
            selected={selected}
            allSelected={allSelected}
            onToggle={toggle}
            onToggleAll={() => {
              setSelected(allSelected ? new Set() : new Set(items.slice(0, newsLimits.items).map((item) => item.link)));
              setDirty(true);
            }}
          />
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={ids.lang} className="text-sm font-medium text-slate-700">
                {t('newsPicker.language')}
              </label>
              <select
                id={ids.lang}
                value={lang}
                onChange={(e) => isOneOf(supportedLanguages, e.target.value) && setLang(e.target.value)}
                className={`${controlClass} mt-1`}
              >
                {supportedLanguages.map((l) => (
                  <option key={l} value={l}>
                    {t(`newsPicker.languages.${l}`)}
                  </option>
                ))}
              </select>
            </div>
            <Button
              disabled={selected.size === 0 || current.data === undefined}
              busy={save.isPending}
              busyLabel={t('newsPicker.saving')}
              onClick={() => current.data && void store(current.data.revision).catch(() => undefined)}
            >
              <Save className="size-4" aria-hidden="true" />
              {selected.size ? t('newsPicker.save', { count: selected.size }) : t('newsPicker.saveNone')}
            </Button>
            {save.isSuccess && (
              <p role="status" className="text-sm font-medium text-emerald-800">
                {t('newsPicker.saved', { count: save.data.count })}
              </p>
            )}
            {save.isError && !theirs && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errorText(t, save.error)}
              </p>
            )}
          </div>
          {current.data && (
            <p className="text-sm text-slate-600" data-testid="news-current">
              {current.data.items.length
                ? t('newsPicker.current', { count: current.data.items.length, titles: titles(current.data.items) })
                : t('newsPicker.currentNone')}
            </p>
          )}
        </>
      )}
      <LeaveGuard when={dirty} />
      {theirs && (
        <ConflictDialog
          theirs={theirs}
          fields={[
            {
              label: t('newsPicker.chosen'),
              mine: titles(items.filter((item) => selected.has(item.link))),
              theirs: titles(theirs.items),
            },
          ]}
          busy={save.isPending}
          onKeepTheirs={() => {
            queryClient.setQueryData(homeNewsKey(lang), { lang, items: theirs.items, revision: theirs.revision });
            setSelected(new Set());
            setDirty(false);
            save.reset();
            conflict.close();
          }}
          onKeepMine={() => {
            conflict.close();
            void store(theirs.revision).catch(() => undefined);
          }}
        />
      )}
    </div>
  );
}

/** The search's results, each with a tick box, and one in the heading that ticks them all (up to the limit). */
function ResultsTable({
  items,
  caption,
  selected,
  allSelected,
  onToggle,
  onToggleAll,
}: {
  items: readonly NewsItem[];
  caption: string;
  selected: ReadonlySet<string>;
  allSelected: boolean;
  onToggle: (link: string) => void;
  onToggleAll: () => void;
}) {
  const { t } = useTranslation();
  const columns: StaffColumn<NewsItem>[] = [
    {
      key: 'select',
      className: 'w-10',
      header: (
        <input
          type="checkbox"
          aria-label={t('newsPicker.selectAll')}
          checked={allSelected}
          onChange={onToggleAll}
          className="size-4 accent-emerald-700"
        />
      ),
      cell: (item) => (
        <input
          type="checkbox"
          aria-label={t('newsPicker.selectOne', { title: item.title })}
          checked={selected.has(item.link)}
          onChange={() => onToggle(item.link)}
          className="size-4 accent-emerald-700"
        />
      ),
    },
    {
      key: 'photo',
      header: t('newsPicker.photo'),
      cell: (item) => {
        const image = item.pagemap.cse_image[0]?.src;
        return image ? (
          <img src={image} alt="" width={80} height={54} className="aspect-[3/2] w-20 rounded object-cover" />
        ) : (
          <span className="sr-only">{t('newsPicker.noPhoto')}</span>
        );
      },
    },
    {
      key: 'headline',
      header: t('newsPicker.headline'),
      cell: (item) => (
        <>
          <a
            href={item.link}
            target="_blank"
            rel="noopener noreferrer"
            className="font-semibold text-emerald-800 hover:underline"
          >
            {item.title}
          </a>
          <p className="mt-1 text-slate-600 md:hidden">{item.snippet}</p>
        </>
      ),
    },
    {
      key: 'snippet',
      header: t('newsPicker.snippet'),
      className: 'hidden md:table-cell',
      cellClassName: 'text-slate-600',
      cell: (item) => item.snippet,
    },
  ];
  return (
    <StaffTable
      caption={caption}
      columns={columns}
      rows={items}
      rowKey={(item) => item.link}
      rowClassName={(item) => (selected.has(item.link) ? 'bg-emerald-50' : undefined)}
      align="top"
    />
  );
}
