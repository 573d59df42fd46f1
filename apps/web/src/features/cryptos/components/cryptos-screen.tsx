import clsx from 'clsx';
import { TrendingDown, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/load-state';
import { PageMeta } from '../../../components/page-meta';
import { useCryptos } from '../api/get-cryptos';
import { textList } from '../../../lib/i18n';
import { Island } from '../../../islands/island';

/** The 24-hour change with two decimals and its sign, green for 0 or more and red below (never colour alone). */
function PriceChange({ value, language }: { value: number | null; language: string }) {
  const { t } = useTranslation();
  if (value === null) return <span className="text-sm text-slate-500">{t('cryptos.noChange')}</span>;
  const up = value >= 0;
  const Icon = up ? TrendingUp : TrendingDown;
  const text = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'always',
  }).format(value);
  return (
    <span
      data-testid="crypto-change"
      data-trend={up ? 'up' : 'down'}
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold',
        up ? 'bg-emerald-50 text-emerald-800' : 'bg-red-50 text-red-800',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      <span className="sr-only">{up ? t('cryptos.up') : t('cryptos.down')}</span>
      {text}%
    </span>
  );
}

/** Crypto list: a card per coin with its price, market cap, rank and 24-hour change, and the explanatory text. */
export function CryptosScreen() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-6xl">
      <PageMeta title={t('cryptos.title')} description={t('meta.cryptos')} card="cryptos" />
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('cryptos.title')}</h1>
      <div className="mt-2 max-w-3xl space-y-2 text-base text-slate-600">
        {textList(t, 'cryptos.explanation').map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <Island name="crypto-list" component={CryptoList} props={{}} />
    </div>
  );
}

/** The coins' cards, with their loading, empty and failed states (an island: its try again works without the app). */
export function CryptoList() {
  const { t, i18n } = useTranslation();
  const coins = useCryptos();
  const language = i18n.language;
  // the compact form's fraction digits are set in full: Node's ICU (the server's render) and the browser's
  // otherwise differ ("375,00 bi" and "375 bi"), and the page would fail to hydrate.
  const usd = (value: number, compact = false) =>
    new Intl.NumberFormat(language, {
      style: 'currency',
      currency: 'USD',
      notation: compact ? 'compact' : 'standard',
      minimumFractionDigits: compact ? 0 : undefined,
      maximumFractionDigits: value < 1 ? 4 : 2,
    }).format(value);
  return (
    <QueryView query={coins} empty={{ title: t('cryptos.empty'), isEmpty: (list) => list.length === 0 }}>
      {(list) => (
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="crypto-list">
          {list.map((coin) => (
            <li
              key={coin.id}
              data-testid="crypto-card"
              className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex items-center gap-3">
                <img src={coin.image} alt="" width={40} height={40} loading="lazy" className="size-10 rounded-full" />
                <div className="min-w-0">
                  <h2 className="truncate text-base font-semibold text-slate-900">{coin.name}</h2>
                  <p className="text-sm uppercase text-slate-500">{coin.symbol}</p>
                </div>
                {coin.market_cap_rank !== null && (
                  <span className="ml-auto rounded-md bg-slate-100 px-2 py-1 text-xs font-semibold text-slate-700">
                    {t('cryptos.rank', { rank: coin.market_cap_rank })}
                  </span>
                )}
              </div>
              <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                <dt className="text-slate-500">{t('cryptos.price')}</dt>
                <dd className="text-right font-semibold text-slate-900">{usd(coin.current_price)}</dd>
                <dt className="text-slate-500">{t('cryptos.marketCap')}</dt>
                <dd className="text-right text-slate-900">{usd(coin.market_cap, true)}</dd>
                <dt className="text-slate-500">{t('cryptos.change24h')}</dt>
                <dd className="text-right">
                  <PriceChange value={coin.price_change_percentage_24h} language={language} />
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}
