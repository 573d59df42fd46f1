import type { Crypto } from '@papo/contract/media';

/*
 * Demo prices shown when CoinGecko is not configured: ten well-known coins with round, plausible
 * figures (not live data; the page says prices come from CoinGecko only when it is connected).
 * Their logos are drawn by Papo (features/media).
 */
const coins: [id: string, symbol: string, name: string, price: number, cap: number, change: number][] = [
  ['bitcoin', 'btc', 'Bitcoin', 64_250, 1_268_000_000_000, 1.84],
  ['ethereum', 'eth', 'Ethereum', 3_120.5, 375_000_000_000, -0.72],
  ['tether', 'usdt', 'Tether', 1, 112_000_000_000, 0],
  ['binancecoin', 'bnb', 'BNB', 585.3, 86_000_000_000, 0.45],
  ['solana', 'sol', 'Solana', 148.2, 68_000_000_000, -2.31],
  ['usd-coin', 'usdc', 'USDC', 1, 33_000_000_000, 0.01],
  ['ripple', 'xrp', 'XRP', 0.52, 29_000_000_000, 3.12],
  ['dogecoin', 'doge', 'Dogecoin', 0.124, 18_000_000_000, -4.05],
  ['cardano', 'ada', 'Cardano', 0.38, 13_500_000_000, 0.96],
  ['tron', 'trx', 'TRON', 0.12, 10_500_000_000, -0.18],
];

/** Ids of the demo coins, so the logo route draws only those. */
export const localCoinSymbols: ReadonlyMap<string, string> = new Map(coins.map(([id, symbol]) => [id, symbol]));

export function localCryptos(): Crypto[] {
  return coins.map(([id, symbol, name, price, cap, change], index) => ({
    id,
    symbol,
    name,
    image: `/media/coins/${id}.png`,
    current_price: price,
    market_cap: cap,
    market_cap_rank: index + 1,
    price_change_percentage_24h: change,
    recommend_buy: false,
  }));
}
