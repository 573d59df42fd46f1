import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { paths } from '../../../config/paths';
import { useArticles } from '../api/get-articles';
import { BlogList } from './blog-list';
import { BlogSearchResults } from './blog-search-results';
import { CategoryFilter } from './category-filter';
import { ListHeader } from './list-header';
import { SearchForm } from './search-form';
import { Island } from '../../../islands/island';

function parseCategory(value: string | null): number | null {
  return value && /^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null;
}

/** The blog's state in its address: the search, its exactness, the category and the page; and a way to change them. */
function useBlogParams() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q')?.trim() ?? '';
  const exact = params.get('exact') === '1';
  const category = parseCategory(params.get('category'));
  // `?page=N` is a real page of the list (its canonical keeps it); other parameters (tracking) are dropped.
  const page = Math.min(Math.max(Math.trunc(Number(params.get('page'))) || 1, 1), 1000);
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setParams(next);
  };
  return { query, exact, category, page, update };
}

/** The blog's search box: an island of the public page (decision 042). */
export function BlogSearch({ label, placeholder }: { label: string; placeholder: string }) {
  const { query, update } = useBlogParams();
  return (
    <SearchForm
      key={query}
      query={query}
      label={label}
      placeholder={placeholder}
      onSearch={(q) => update({ q, exact: null })}
      onClear={() => update({ q: null, exact: null })}
    />
  );
}

/** The category chips, shown while no search is made: an island of the public page. */
export function BlogCategories() {
  const { query, category, update } = useBlogParams();
  if (query) return null;
  return (
    <CategoryFilter selected={category} onChange={(id) => update({ category: id === null ? null : String(id) })} />
  );
}

/** The search's results and its "did you mean": an island of the public page (decision 042). */
export function BlogResults({ query, exact }: { query: string; exact: boolean }) {
  const { update } = useBlogParams();
  return (
    <BlogSearchResults
      query={query}
      exact={exact}
      onSearch={(q, exactly) => update({ q, exact: exactly ? '1' : null })}
    />
  );
}

/**
 * The blog /blog (public-site §2.4): category chips, the search box, and either the list or the search
 * state. Query and category live in the address, so back and reload keep them.
 */
export function BlogScreen() {
  const { t } = useTranslation();
  const { query, exact, category, page } = useBlogParams();
  // the list's own query (BlogList shares it): a page past the last one is no page, answered as the 404.
  const list = useArticles(category, page, !query && page > 1);
  if (!query && page > 1 && list.data?.pages[0]?.articles.length === 0) return <NotFound />;

  return (
    <div className="mx-auto max-w-6xl">
      <ListHeader
        title={t('articles.blog.title')}
        intro={t('articles.blog.intro')}
        description={t('meta.blog')}
        card="blog"
        path={page > 1 ? `${paths.blog}?page=${page}` : paths.blog}
      >
        <Island
          name="blog-search"
          component={BlogSearch}
          props={{ label: t('articles.blog.searchLabel'), placeholder: t('articles.blog.searchPlaceholder') }}
        />
        <Island name="blog-categories" component={BlogCategories} props={{}} />
      </ListHeader>
      {query ? (
        <Island name="blog-results" component={BlogResults} props={{ query, exact }} />
      ) : (
        <Island name="blog-list" component={BlogList} props={{ category, firstPage: page }} />
      )}
    </div>
  );
}
