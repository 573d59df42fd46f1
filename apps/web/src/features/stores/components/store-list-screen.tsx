import type { StoreCard, StoreKind } from '@papo/contract/stores';
import { School, Store, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMeta } from '../../../components/page-meta';
import { siteOrigin } from '../../../lib/request-context';
import { absoluteUrl, itemListNode, webPageNode } from '../../../lib/structured-data';
import { StatePanel } from '../../../components/ui/state-panel';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';
import { uploadSrc, uploadSrcSet } from '../../../lib/images';
import { useStoreList } from '../api/stores-api';
import { Island } from '../../../islands/island';
import { Button } from '../../../components/ui/button';

/** Owner 1 (the site's own stores) gets its own icon (public-site §2.4). */
function StoreIcon({ card }: { card: StoreCard }) {
  const Icon = card.owner === 1 ? (card.kind === 'course' ? School : Sparkles) : Store;
  return <Icon className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />;
}

function Card({ card }: { card: StoreCard }) {
  const { t } = useTranslation();
  const href = `/${card.kind === 'course' ? 'courses' : 'shop'}/${card.slug}`;
  return (
    <li className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link
        to={href}
        className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
      >
        {card.image ? (
          <img
            src={uploadSrc(card.image)}
            srcSet={uploadSrcSet(card.image)}
            sizes="(min-width: 640px) 20rem, 100vw"
            alt=""
            width={480}
            height={480}
            loading="lazy"
            className="aspect-square w-full bg-slate-100 object-cover"
          />
        ) : (
          <div className="grid aspect-square w-full place-items-center bg-slate-100 text-slate-400" aria-hidden="true">
            <Store className="size-10" />
          </div>
        )}
        <div className="flex items-start gap-2 p-3">
          <StoreIcon card={card} />
          <div className="min-w-0">
            <p className="line-clamp-2 font-semibold break-words text-slate-900">{card.name}</p>
            {card.category && (
              <span className="mt-1 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
                {t(`stores.categories.${card.category.key}`, { defaultValue: card.category.name })}
              </span>
            )}
          </div>
        </div>
      </Link>
    </li>
  );
}

/**
 * The cards and, for courses, the category chips that filter them: an island of the public page (decision 042), its
 * list the answer the page handed over.
 */
export function StoreCards({ kind }: { kind: StoreKind }) {
  const { t } = useTranslation();
  const list = useStoreList(kind);
  const [category, setCategory] = useState<number | null>(null);
  const items = list.data?.items;
  const categories = useMemo(() => {
    const seen = new Map<number, { id: number; key: string; name: string }>();
    for (const item of items ?? []) if (item.category) seen.set(item.category.id, item.category);
    return [...seen.values()];
  }, [items]);
  const shown = items?.filter((item) => category === null || item.category?.id === category) ?? [];
  return (
    <>
      {kind === 'course' && categories.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label={t('stores.filterLabel')}>
          {categories.map((c) => (
            <Button
              variant="chip"
              key={c.id}
              pressed={category === c.id}
              onClick={() => setCategory(category === c.id ? null : c.id)}
            >
              {t(`stores.categories.${c.key}`, { defaultValue: c.name })}
            </Button>
          ))}
        </div>
      )}
      <div className="mt-6">
        {list.isPending ? (
          <LoadingState title={t('stores.loading')} testId="stores-loading" />
        ) : list.isError ? (
          <ErrorState title={t('stores.loadError')} onRetry={() => void list.refetch()} />
        ) : shown.length === 0 ? (
          <StatePanel
            variant="card"
            icon={Store}
            title={t(kind === 'course' ? 'stores.courses.empty' : 'stores.shops.empty')}
            testId="stores-empty"
          />
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="store-list">
            {shown.map((card) => (
              <Card key={card.id} card={card} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

/** The shop list `/shop` and the course list `/courses`: cards, category chips (courses), loading and empty states. */
function StoreList({ kind }: { kind: StoreKind }) {
  const { t } = useTranslation();
  const list = useStoreList(kind);
  const items = list.data?.items;
  const title = t(kind === 'course' ? 'stores.courses.title' : 'stores.shops.title');
  return (
    <div className="mx-auto max-w-6xl p-4">
      <PageMeta
        title={title}
        description={t(kind === 'course' ? 'meta.courses' : 'meta.shop')}
        card={kind === 'course' ? 'courses' : 'shop'}
        path={kind === 'course' ? '/courses' : '/shop'}
        structuredData={[
          webPageNode('CollectionPage', {
            name: title,
            description: t(kind === 'course' ? 'meta.courses' : 'meta.shop'),
            url: absoluteUrl(siteOrigin(), kind === 'course' ? '/courses' : '/shop'),
          }),
          itemListNode(
            title,
            (items ?? []).map((item) => ({
              name: item.name,
              url: absoluteUrl(siteOrigin(), `${kind === 'course' ? '/courses' : '/shop'}/${item.slug}`),
              image: item.image ? absoluteUrl(siteOrigin(), uploadSrc(item.image)) : null,
            })),
          ),
        ]}
      />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 text-slate-600">{t(kind === 'course' ? 'stores.courses.intro' : 'stores.shops.intro')}</p>
      {/* only the courses' chips respond to the reader: the shops' cards are links, with nothing to wake. */}
      {kind === 'course' ? (
        <Island name="store-list" component={StoreCards} props={{ kind }} />
      ) : (
        <StoreCards kind={kind} />
      )}
    </div>
  );
}

export function ShopListScreen() {
  return <StoreList kind="shop" />;
}

export function CourseListScreen() {
  return <StoreList kind="course" />;
}
