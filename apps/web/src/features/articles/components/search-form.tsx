import { Search, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStableId } from '../../../islands/island-id';
import { Button } from '../../../components/ui/button';

interface SearchFormProps {
  /** The query being shown (from the address); give the form `key={query}` so the box follows it. */
  query: string;
  label: string;
  placeholder: string;
  onSearch(query: string): void;
  onClear(): void;
}

/**
 * The required search box with `Procurar` (public-site §2.4, §5): a blank query does nothing, emptying
 * the box or pressing clear returns to the list.
 */
export function SearchForm({ query, label, placeholder, onSearch, onClear }: SearchFormProps) {
  const { t } = useTranslation();
  const id = useStableId('search');
  const [text, setText] = useState(query);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // the field as it is, not the state: on a page of islands it may have been typed in before the form was live.
    const field = event.currentTarget.elements.namedItem('q');
    const trimmed = (field instanceof HTMLInputElement ? field.value : text).trim();
    if (trimmed) onSearch(trimmed);
  };

  return (
    <form role="search" onSubmit={submit} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        {/* named as the address names it, so a search sent before the page has hydrated still works: the
            browser submits the form to the same page with `?q=`, which the server renders with its results. */}
        <input
          id={id}
          name="q"
          type="search"
          required
          maxLength={100}
          value={text}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '' && query) onClear();
          }}
          className="h-11 w-full rounded-lg border border-slate-300 bg-white pr-10 pl-9 text-base text-slate-900 placeholder:text-slate-500 focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <Button
            variant="icon"
            size="sm"
            onClick={() => {
              setText('');
              onClear();
            }}
            aria-label={t('articles.search.clear')}
            className="absolute top-1/2 right-1.5 -translate-y-1/2"
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        )}
      </div>
      <Button size="lg" type="submit">
        {t('articles.search.submit')}
      </Button>
    </form>
  );
}
