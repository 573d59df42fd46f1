import type { Ad } from '@papo/contract/stores';
import { Megaphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { StatePanel } from '../../../components/ui/state-panel';
import { uploadSrc } from '../../../lib/images';
import { useAds } from '../api/get-ads';
import { LoadingState } from '../../../components/ui/load-state';

function AdCard({ ad, label }: { ad: Ad; label: string }) {
  return (
    <li>
      <p className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <a
        href={ad.url}
        target="_blank"
        rel="sponsored noopener"
        className="block overflow-hidden rounded-lg border border-slate-200 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
      >
        <img
          src={uploadSrc(ad.image)}
          alt=""
          width={480}
          height={480}
          loading="lazy"
          className="aspect-square w-full object-cover"
        />
        <span className="block p-2 text-sm font-medium text-slate-800">{ad.description}</span>
      </a>
    </li>
  );
}

/** The Sponsored tab of the right-hand panel (blog view): one course and one product from published stores. */
export function AdsTab() {
  const { t } = useTranslation();
  const ads = useAds();
  if (ads.isPending) return <LoadingState title={t('stores.loading')} />;
  const shown = [
    ads.data?.course && { ad: ads.data.course, label: t('stores.ads.course') },
    ads.data?.product && { ad: ads.data.product, label: t('stores.ads.product') },
  ].filter((x): x is { ad: Ad; label: string } => !!x);
  if (shown.length === 0) return <StatePanel icon={Megaphone} title={t('stores.ads.none')} />;
  return (
    <ul className="space-y-4 p-3" data-testid="ads-tab">
      {shown.map(({ ad, label }) => (
        <AdCard key={label} ad={ad} label={label} />
      ))}
    </ul>
  );
}
