import { useTranslation } from 'react-i18next';
import { useArticleCategories } from '../api/get-articles';
import { Button } from '../../../components/ui/button';

/** Category chips that toggle the filter, and Clear filters (public-site §2.4). */
export function CategoryFilter({
  selected,
  onChange,
}: {
  selected: number | null;
  onChange(category: number | null): void;
}) {
  const { t } = useTranslation();
  const categories = useArticleCategories();
  if (!categories.data?.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('articles.blog.categories')}>
      {categories.data.map((category) => {
        const active = category.id === selected;
        return (
          <Button
            variant="chip"
            key={category.id}
            pressed={active}
            onClick={() => onChange(active ? null : category.id)}
          >
            {t(`articles.categories.${category.key}`, { defaultValue: category.name })}
          </Button>
        );
      })}
      {selected !== null && (
        <Button variant="link" onClick={() => onChange(null)} className="px-2 text-sm">
          {t('articles.blog.clearFilters')}
        </Button>
      )}
    </div>
  );
}
