import type { StoreDetail, StoreItem } from '@papo/contract/stores';
import { ChevronRight, ExternalLink, ImageOff, Pin } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useParams } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { NotFound } from '../../../components/not-found';
import { contentCardPath, cutText, PageMeta, shareCardSize } from '../../../components/page-meta';
import { StatePanel } from '../../../components/ui/state-panel';
import { statusOf } from '../../../lib/api';
import { useBrandName } from '../../../lib/company';
import { uploadSrc, uploadSrcSet } from '../../../lib/images';
import { siteOrigin } from '../../../lib/request-context';
import { absoluteUrl, breadcrumbNode, courseNode, itemListNode } from '../../../lib/structured-data';
import { Island } from '../../../islands/island';
import { useStore } from '../api/stores-api';
import { ErrorState, LoadingState } from '../../../components/ui/load-state';

// the dialog (and its focus-trap library) loads when a product is opened, not with the page (decision 019).
const Dialog = lazy(() => import('../../../components/ui/dialog').then((m) => ({ default: m.Dialog })));

/** The product modal: picture, name, category tag, pin-it share on hover, and the sponsored link when one exists. */
function ProductDialog({ store, item, onClose }: { store: StoreDetail; item: StoreItem; onClose(): void }) {
  const { t } = useTranslation();
  const page = typeof window === 'undefined' ? '' : window.location.href;
  const media = typeof window === 'undefined' ? '' : new URL(uploadSrc(item.url), window.location.origin).href;
  const pin = `https://pinterest.com/pin/create/button/?url=${encodeURIComponent(page)}&media=${encodeURIComponent(media)}&description=${encodeURIComponent(item.description || store.name)}`;
  return (
    <Dialog title={item.description || store.name} onClose={onClose} width="max-w-lg" testId="product-dialog">
      <div className="group relative">
        <img
          src={uploadSrc(item.url)}
          alt={item.description}
          className="w-full rounded-lg bg-slate-100 object-contain"
        />
        <a
          href={pin}
          target="_blank"
          rel="noopener noreferrer"
          className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-red-600 px-3 py-1 text-sm font-semibold text-white opacity-0 transition group-hover:opacity-100 focus-visible:opacity-100"
        >
          <Pin className="size-4" aria-hidden="true" />
          {t('stores.detail.pinIt')}
        </a>
      </div>
      {store.category && (
        <span className="mt-3 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
          {t(`stores.categories.${store.category.key}`, { defaultValue: store.category.name })}
        </span>
      )}
      {store.description && <p className="mt-2 text-sm text-slate-600">{store.description}</p>}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('stores.detail.close')}
        </Button>
        {item.actionUrl && (
          <a href={item.actionUrl} target="_blank" rel="sponsored noopener" className={buttonClass({})}>
            {t('stores.detail.goToProduct')}
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        )}
      </div>
    </Dialog>
  );
}

/** The id of a product's cell, which its ItemList entry points to. */
function itemAnchor(item: StoreItem): string {
  return `item-${item.position + 1}`;
}

/**
 * The store's pictures by position, four columns (fewer on a phone). A visitor sees the filled slots
 * only: empty ones are the editor's business, and a grid of blank tiles reads as a broken page.
 */
function SlotGrid({ store, onOpen }: { store: StoreDetail; onOpen(item: StoreItem): void }) {
  const { t } = useTranslation();
  if (store.content.length === 0) return <StatePanel variant="card" icon={ImageOff} title={t('stores.detail.empty')} />;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" data-testid="slot-grid">
      {store.content.map((item, index) => (
        <li
          key={item.position}
          id={itemAnchor(item)}
          className="aspect-square overflow-hidden rounded-lg border border-slate-200 bg-white"
        >
          <Button
            variant="plain"
            onClick={() => onOpen(item)}
            className="size-full focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600"
            aria-label={item.description || t('stores.detail.product', { position: item.position + 1 })}
          >
            <img
              src={uploadSrc(item.thumbnail)}
              // the grid's cells are a half, third or quarter of the page: a sized WebP instead of the stored PNG.
              srcSet={uploadSrcSet(item.thumbnail)}
              sizes="(min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw"
              width={400}
              height={400}
              alt={item.description}
              // the first row is above the fold on a phone (two columns): it loads at once, the first one first.
              loading={index < 2 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              className="size-full object-cover transition hover:scale-105"
            />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * What a store says in search results and link previews, 50–155 characters: its own description when it is long
 * enough, else its name and the names of its products.
 */
function storeDescription(store: StoreDetail, describe: (name: string, items: string) => string): string {
  if (store.description.trim().length >= 50) return store.description;
  const names = store.content.map((item) => item.description.trim()).filter(Boolean);
  const text = describe(store.name, [store.description.trim(), ...names].filter(Boolean).join(', '));
  return cutText(text, 155);
}

/** A store's head: its description and picture, its products as an ItemList (a Course too for a course store), its breadcrumb. */
function StoreMeta({ store, courses, sectionLabel }: { store: StoreDetail; courses: boolean; sectionLabel: string }) {
  const { t } = useTranslation();
  const brand = useBrandName();
  const origin = siteOrigin();
  const sectionPath = courses ? '/courses' : '/shop';
  const path = `${sectionPath}/${store.slug}`;
  const url = absoluteUrl(origin, path);
  const description = storeDescription(store, (name, items) => t('meta.storeOf', { name, items }));
  // shared with its drawn card, not a product's square picture, which messengers crop under the large card.
  const image = { src: contentCardPath('stores', store.slug), alt: store.name, ...shareCardSize };
  const imageUrl = absoluteUrl(origin, image.src);
  const items = store.content.map((item) => ({
    name: item.description || store.name,
    url: `${url}#${itemAnchor(item)}`,
    image: absoluteUrl(origin, uploadSrc(item.url)),
  }));
  return (
    <PageMeta
      title={store.name}
      description={description}
      path={path}
      image={image}
      card={courses ? 'courses' : 'shop'}
      structuredData={[
        ...(courses ? [courseNode(origin, brand, { name: store.name, description, url, image: imageUrl })] : []),
        itemListNode(store.name, items),
        // the crumbs with an address of their own, ending with the store itself; its category has none.
        breadcrumbNode([
          { name: t('stores.detail.home'), url: `${origin}/` },
          { name: sectionLabel, url: absoluteUrl(origin, sectionPath) },
          { name: store.name, url },
        ]),
      ]}
    />
  );
}

/** The store's grid and the product modal it opens: an island of the public page (decision 042), from the handed-over answer. */
export function StoreProducts({ slug }: { slug: string }) {
  const store = useStore(slug);
  const [open, setOpen] = useState<StoreItem | null>(null);
  if (!store.data) return null;
  const data = store.data;
  return (
    <>
      <SlotGrid store={data} onOpen={setOpen} />
      {open && (
        <Suspense fallback={null}>
          <ProductDialog store={data} item={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

/** A shop `/shop/{slug}` or course store `/courses/{slug}` (public-site §2.4): breadcrumb, name, the grid, the product modal. */
export function StoreScreen() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const matches = useMatches();
  const courses = matches.some((m) => (m.handle as { name?: string } | undefined)?.name === 'courseView');
  const store = useStore(slug);

  if (store.isPending) return <LoadingState title={t('stores.loading')} />;
  if (store.isError) {
    if (statusOf(store.error) === 404) return <NotFound />;
    return <ErrorState title={t('stores.loadError')} onRetry={() => void store.refetch()} />;
  }
  const data = store.data;
  const section = courses
    ? { to: '/courses', label: t('stores.courses.title') }
    : { to: '/shop', label: t('stores.shops.title') };
  const category = data.category && t(`stores.categories.${data.category.key}`, { defaultValue: data.category.name });
  return (
    <div className="mx-auto max-w-5xl p-4">
      <StoreMeta store={data} courses={courses} sectionLabel={section.label} />
      <nav aria-label={t('stores.detail.breadcrumb')} className="text-sm text-slate-600">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:underline">
              {t('stores.detail.home')}
            </Link>
          </li>
          <li className="flex items-center gap-1">
            <ChevronRight className="size-4" aria-hidden="true" />
            <Link to={section.to} className="hover:underline">
              {section.label}
            </Link>
          </li>
          {category && (
            <li className="flex items-center gap-1">
              <ChevronRight className="size-4" aria-hidden="true" />
              {category}
            </li>
          )}
          <li aria-current="page" className="flex items-center gap-1 font-medium text-slate-900">
            <ChevronRight className="size-4" aria-hidden="true" />
            {data.name}
          </li>
        </ol>
      </nav>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{data.name}</h1>
      {data.description && <p className="mt-2 max-w-3xl text-slate-700">{data.description}</p>}
      <div className="mt-6">
        <Island name="store-products" component={StoreProducts} props={{ slug: data.slug }} />
      </div>
    </div>
  );
}
