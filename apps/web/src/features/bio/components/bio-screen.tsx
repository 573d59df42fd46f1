import type { BioPerson } from '@papo/contract/bio';
import { bioYearList, bioYears } from '@papo/contract/bio-years';
import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BioCard } from '../../../components/bio-card';
import { PageMeta, cutText } from '../../../components/page-meta';
import { siteOrigin } from '../../../lib/request-context';
import { absoluteUrl, personNode, profilePageNode } from '../../../lib/structured-data';
import { StatePanel } from '../../../components/ui/state-panel';
import { useBioPage, useBioTagYear } from '../api/get-bio-page';
import { BioSearch } from './bio-search';
import { YearPicker } from './year-picker';
import { Island } from '../../../islands/island';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';

/** The year in the address (`/bio?ano=1985`), or the first year when it is missing or out of range. */
function yearOf(value: string | null): number {
  const year = Number(value);
  return Number.isInteger(year) && year >= bioYears.first && year <= bioYears.last ? year : bioYears.first;
}

/**
 * The year the page shows and its answers: the year in the address, or for a tag link (`/bio?tag=`) the year holding
 * that tag (the server renders that year at once; the browser then puts it in the address).
 */
function useBioYear() {
  const [params] = useSearchParams();
  const tag = params.get('tag');
  const tagYear = useBioTagYear(tag);
  const year = tag && tagYear.data ? tagYear.data.center : yearOf(params.get('ano'));
  const page = useBioPage(year);
  return { tag, tagYear, year, page };
}

/**
 * The search, the decade and year buttons, and the selected year with up to three following: an island of the public
 * page (decision 042). The year lives in the address so it can be shared and the back button works; a tag link is
 * turned into the year holding that tag.
 */
export function BioBrowser() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  // a tag link leaves the search; a new key empties the search box with it.
  const [searchKey, setSearchKey] = useState(0);
  const { tag, tagYear, year, page } = useBioYear();
  const scrollTo = useRef<number | null>(null);

  useEffect(() => {
    if (!tag) return;
    if (tagYear.data) {
      scrollTo.current = tagYear.data.center;
      setQuery('');
      setSearchKey((k) => k + 1);
      void navigate(`/bio?ano=${tagYear.data.center}`, { replace: true });
    } else if (tagYear.isError) {
      // the spec only warns when no year holds the tag; the reader stays where they were.
      console.warn(`No bio year holds the tag "${tag}"`);
      void navigate(`/bio?ano=${year}`, { replace: true });
    }
  }, [tag, tagYear.data, tagYear.isError, navigate, year]);

  useEffect(() => {
    if (scrollTo.current === null || !page.data || page.data.center !== scrollTo.current) return;
    const target = document.getElementById(`ano-${scrollTo.current}`);
    scrollTo.current = null;
    target?.scrollIntoView({ block: 'start' });
    target?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [page.data]);

  const select = (next: number) => void navigate(`/bio?ano=${next}`);

  return (
    <>
      <BioSearch key={searchKey} query={query} onQuery={setQuery} />
      {!query && (
        <>
          <YearPicker year={year} years={bioYearList()} onSelect={select} />
          {page.isPending || (tag && tagYear.isPending) ? (
            <LoadingState title={t('bio.loading')} />
          ) : page.isError ? (
            <ErrorState text={t('bio.error')} onRetry={() => void page.refetch()} />
          ) : page.data.sections.length === 0 ? (
            <StatePanel variant="card" icon={AlertTriangle} title={t('bio.emptyYears')} />
          ) : (
            <div className="flex flex-col gap-5" aria-live="polite">
              {page.data.sections.map((section) => (
                <BioCard key={section.id} id={`ano-${section.tag}`} section={section} />
              ))}
            </div>
          )}
        </>
      )}
    </>
  );
}

/** `/bio` (public-site §2.4): the biography's years, searchable, and the people it has pages for. */
export function BioScreen() {
  const { t } = useTranslation();
  const { tag, page } = useBioYear();

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <BioMeta people={page.data?.people ?? []} />
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('bio.heading')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('bio.lead')}</p>
      </header>
      {/* a tag link's page wakes at once: it puts the year in the address and scrolls to it. */}
      <Island name="bio-browser" component={BioBrowser} props={{}} awake={Boolean(tag)} />
      {page.data && page.data.people.length > 0 && (
        <section aria-labelledby="bio-people" className="flex flex-col gap-3">
          <div>
            <h2 id="bio-people" className="text-lg font-semibold text-slate-900">
              {t('bio.people')}
            </h2>
            <p className="text-sm text-slate-600">{t('bio.peopleLead')}</p>
          </div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {page.data.people.map((person) => (
              <li key={person.id}>
                <Link
                  to={`/person/${person.id}`}
                  className="block rounded-lg border border-slate-200 bg-white p-3 font-semibold text-slate-900 hover:border-emerald-300 hover:text-emerald-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
                >
                  {person.tag}
                  <span className="mt-1 line-clamp-2 block text-sm font-normal text-slate-600">{person.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The head of /bio: a profile page about the biography's subject, naming every person and event with a page. */
function BioMeta({ people }: { people: readonly BioPerson[] }) {
  const { t } = useTranslation();
  const origin = siteOrigin();
  const url = absoluteUrl(origin, '/bio');
  const subject = personNode({ name: t('bio.subject'), description: t('bio.lead'), url });
  const mentions = people.map((person) =>
    personNode({
      name: person.tag,
      description: cutText(person.summary, 155),
      url: absoluteUrl(origin, `/person/${person.id}`),
    }),
  );
  return (
    <PageMeta
      title={t('bio.title')}
      description={t('meta.bio')}
      card="bio"
      path="/bio"
      structuredData={[profilePageNode({ name: t('bio.title'), description: t('meta.bio'), url }, subject, mentions)]}
    />
  );
}
