import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLatestStores } from '../api/home';
import { HomeSection, SectionError, SectionSkeleton } from './home-section';
import { uploadSrc, uploadSrcSet } from '../../../lib/images';

/** Trending stores, the newest published shops, each linking to /shop/{slug} (public-site §2.4). */
export function TrendingStores() {
  const { t } = useTranslation();
  const stores = useLatestStores();
  let body;
  if (stores.isPending) body = <SectionSkeleton lines={2} picture label={t('homeSections.stores.loading')} />;
  else if (stores.isError)
    body = <SectionError text={t('homeSections.stores.error')} onRetry={() => void stores.refetch()} />;
  else if (!stores.data.items.length) body = <p className="text-sm text-slate-600">{t('homeSections.stores.empty')}</p>;
  else
    body = (
      <ul className="grid grid-cols-3 gap-3 @lg:grid-cols-4">
        {stores.data.items.map((store) => (
          <li key={store.id}>
            <Link
              to={`${paths.shop}/${store.slug}`}
              className="group block rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600"
            >
              {store.image ? (
                <img
                  src={uploadSrc(store.image)}
                  srcSet={uploadSrcSet(store.image)}
                  sizes="(min-width: 640px) 10rem, 50vw"
                  alt=""
                  width={160}
                  height={160}
                  loading="lazy"
                  className="aspect-square w-full rounded-md bg-slate-100 object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="grid aspect-square w-full place-items-center rounded-md bg-slate-100 text-slate-400"
                >
                  <Store className="size-8" />
                </span>
              )}
              <span className="mt-1.5 line-clamp-2 block text-sm font-medium text-slate-900 group-hover:text-emerald-800 group-hover:underline">
                {store.name}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  return (
    <HomeSection id="home-stores" title={t('homeSections.stores.title')} icon={Store}>
      {body}
    </HomeSection>
  );
}
