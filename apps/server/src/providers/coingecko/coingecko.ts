import type { Crypto } from '@papo/contract/media';
import { z } from 'zod';
import type { ProviderCache } from '../cache.js';
import { getJson } from '../http-json.js';
import { localCryptos } from './local-coins.js';

const coingeckoDefaultBaseUrl = 'https://api.coingecko.com/api/v3';

const twoMinutes = 2 * 60 * 1000;

/** `/coins/markets` as documented (docs.coingecko.com), the fields Papo shows. */
const marketsAnswer = z.array(
  z.object({
    id: z.string(),
    symbol: z.string(),
    name: z.string(),
    image: z.string(),
    current_price: z.number().nullable(),
    market_cap: z.number().nullable(),
    market_cap_rank: z.number().nullable(),
    price_change_percentage_24h: z.number().nullable(),
  }),
);

export interface CryptoProvider {
  markets(): Promise<Crypto[]>;
}

export interface CoingeckoOptions {
  cache: ProviderCache;
  apiKey?: string;
  baseUrl?: string;
}

/**
 * CoinGecko's top ten coins by market cap, in US dollars, fresh for two minutes. It is called when a key
 * or a base URL is configured; otherwise the demo prices answer, so a fresh install works offline.
 */
export function createCoingeckoProvider(opts: CoingeckoOptions): CryptoProvider {
  const base = (opts.baseUrl ?? coingeckoDefaultBaseUrl).replace(/\/$/, '');
  const live = Boolean(opts.apiKey || opts.baseUrl);

  async function fetchMarkets(signal: AbortSignal): Promise<Crypto[]> {
    const url = new URL(`${base}/coins/markets`);
    url.search = new URLSearchParams({
      vs_currency: 'usd',
      order: 'market_cap_desc',
      per_page: '10',
      page: '1',
    }).toString();
    const headers: Record<string, string> = opts.apiKey ? { 'x-cg-demo-api-key': opts.apiKey } : {};
    const coins = await getJson(url, marketsAnswer, { signal, headers });
    return coins.map((coin) => ({
      id: coin.id,
      symbol: coin.symbol,
      name: coin.name,
      image: coin.image,
      current_price: coin.current_price ?? 0,
      market_cap: coin.market_cap ?? 0,
      market_cap_rank: coin.market_cap_rank,
      price_change_percentage_24h: coin.price_change_percentage_24h,
      recommend_buy: false,
    }));
  }

  return {
    markets() {
      if (!live) return Promise.resolve(localCryptos());
      return opts.cache.read({
        key: 'coingecko:markets:usd',
        freshForMs: twoMinutes,
        fetch: fetchMarkets,
        fallback: localCryptos,
      });
    },
  };
}
