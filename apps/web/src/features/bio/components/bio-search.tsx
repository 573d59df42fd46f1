import type { BioSearchHit } from '@papo/contract/bio';
import { ChevronDown, LoaderCircle, Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BioCard, Highlighted } from '../../../components/bio-card';
import { Button } from '../../../components/ui/button';
import { useBioSearch } from '../api/search-bio';
import { useTagCard } from '../../../lib/tag-card';
import { useStableId } from '../../../islands/island-id';
import { useTypedBeforeHydration } from '../../../hooks/use-typed-before-hydration';

/** 'Buscar na Bio' (public-site §2.4, §4): results stay until the input is emptied or cleared. */
export function BioSearch({ query, onQuery }: { query: string; onQuery(q: string): void }) {
  const { t } = useTranslation();
  const inputId = useStableId('search');
  const [text, setText] = useState(query);
  const field = useTypedBeforeHydration<HTMLInputElement>(setText);
  const search = useBioSearch(query);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) onQuery(text.trim());
  };
  const clear = () => {
    setText('');
    onQuery('');
  };

  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={submit} className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('bio.searchLabel')}
        </label>
        <input
          ref={field}
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (!event.target.value) onQuery('');
          }}
          placeholder={t('bio.searchPlaceholder')}
          maxLength={100}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-emerald-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 sm:text-sm"
        />
        <Button type="submit" aria-label={t('bio.search')}>
          <Search className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">{t('bio.search')}</span>
        </Button>
        <Button variant="secondary" onClick={clear} aria-label={t('bio.clear')} disabled={!text && !query}>
          <X className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">{t('bio.clear')}</span>
        </Button>
      </form>
      {query && (
        <section aria-label={t('bio.resultsLabel')} aria-busy={search.isPending}>
          {search.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
              {t('bio.cardLoading')}
            </p>
          ) : search.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('bio.searchError')}{' '}
              <Button variant="plain" className="font-semibold underline" onClick={() => void search.refetch()}>
                {t('bio.retry')}
              </Button>
            </p>
          ) : search.data.sections.length === 0 ? (
            <p role="status" className="text-sm text-slate-600">
              {t('bio.noResults')}
            </p>
          ) : (
            <ul className="flex flex-col gap-3">
              {search.data.sections.map((hit) => (
                <SearchHit key={hit.id} hit={hit} />
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

/** One result: the tag as a title that expands the full card, and the excerpt with the matches marked. */
function SearchHit({ hit }: { hit: BioSearchHit }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const card = useTagCard(hit.tag, open);
  const panelId = useStableId(`hit-${hit.id}`);
  const full = card.data?.sections[0];
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold">
        <Button
          variant="plain"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between gap-2 rounded text-left text-slate-900 hover:text-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          <span>
            <Highlighted text={hit.tag} marks={hit.tagMarks} />
          </span>
          <ChevronDown
            className={`size-4 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </Button>
      </h2>
      {!open && (
        <p className="mt-1 text-sm leading-6 text-slate-700" data-testid="bio-excerpt">
          <Highlighted text={hit.excerpt} marks={hit.marks} />
        </p>
      )}
      <div id={panelId} hidden={!open} className="mt-3">
        {open &&
          (full ? (
            <BioCard section={full} as="h3" />
          ) : card.isSuccess ? (
            <p className="text-sm text-slate-600">{t('bio.noResultsShort')}</p>
          ) : (
            <p role="status" className="text-sm text-slate-600">
              {t('bio.cardLoading')}
            </p>
          ))}
      </div>
    </li>
  );
}
