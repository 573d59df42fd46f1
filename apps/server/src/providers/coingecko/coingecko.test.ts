import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { describeEachDialect } from '../../test/db.js';
import { startFakeService, type FakeService } from '../../test/fake-service.js';
import { localCryptos } from './local-coins.js';

/** Two coins as CoinGecko's `/coins/markets` documents them (fields Papo does not show included). */
const markets = [
  {
    id: 'bitcoin',
    symbol: 'btc',
    name: 'Bitcoin',
    image: 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png',
    current_price: 70187,
    market_cap: 1381651251183,
    market_cap_rank: 1,
    fully_diluted_valuation: 1474623675796,
    total_volume: 20154184933,
    high_24h: 70215,
    low_24h: 68060,
    price_change_24h: 2126.88,
    price_change_percentage_24h: 3.12502,
    market_cap_change_24h: 44287678051,
    market_cap_change_percentage_24h: 3.31157,
    circulating_supply: 19675987,
    total_supply: 21000000,
    max_supply: 21000000,
    ath: 73738,
    ath_change_percentage: -4.77063,
    ath_date: '2024-03-14T07:10:36.635Z',
    atl: 67.81,
    atl_change_percentage: 103455.83335,
    atl_date: '2013-07-06T00:00:00.000Z',
    roi: null,
    last_updated: '2024-04-07T16:49:31.736Z',
  },
  {
    id: 'newcoin',
    symbol: 'new',
    name: 'New Coin',
    image: 'https://coin-images.coingecko.com/coins/images/2/large/new.png',
    current_price: 0.5,
    market_cap: 1000,
    market_cap_rank: null,
    price_change_percentage_24h: null,
    roi: null,
    last_updated: '2024-04-07T16:49:31.736Z',
  },
];

describeEachDialect('CoinGecko provider against a local fake of /coins/markets', (dialect) => {
  let fake: FakeService;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeService();
    t = await buildTestApp({ dialect, env: { COINGECKO_BASE_URL: fake.url, COINGECKO_API_KEY: 'cg-key' } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(async () => {
    fake.on('/coins/markets', { json: markets });
    // a refresh a previous test left running would otherwise answer this test's first call.
    await t.app.providers.cache.idle();
    fake.calls.length = 0;
    await t.app.db.deleteFrom('provider_cache').execute();
  });

  const get = () => t.app.inject({ method: 'GET', url: '/api/cryptos' });

  it('maps the documented answer to the spec’s fields, recommend_buy always false', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: 'bitcoin',
        symbol: 'btc',
        name: 'Bitcoin',
        image: markets[0]!.image,
        current_price: 70187,
        market_cap: 1381651251183,
        market_cap_rank: 1,
        price_change_percentage_24h: 3.12502,
        recommend_buy: false,
      },
      {
        id: 'newcoin',
        symbol: 'new',
        name: 'New Coin',
        image: markets[1]!.image,
        current_price: 0.5,
        market_cap: 1000,
        market_cap_rank: null,
        price_change_percentage_24h: null,
        recommend_buy: false,
      },
    ]);
    const [call] = fake.calls;
    expect(call?.query.get('vs_currency')).toBe('usd');
    expect(call?.query.get('per_page')).toBe('10');
    expect(call?.headers['x-cg-demo-api-key']).toBe('cg-key');
  });

  it.each([
    [
      'a 429 rate limit',
      { status: 429, json: { status: { error_code: 429, error_message: "You've exceeded the Rate Limit." } } },
    ],
    ['a 500', { status: 500, text: 'Internal Server Error' }],
    ['malformed JSON', { text: '[{"id": "bitcoin",' }],
  ] as const)(
    'serves the demo prices on %s with nothing cached, and the cache once there is one',
    async (_name, failure) => {
      fake.on('/coins/markets', failure);
      const res = await get();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(localCryptos());
      fake.on('/coins/markets', { json: markets });
      expect((await get()).json()[0].current_price).toBe(70187);
      await t.app.db.updateTable('provider_cache').set({ fetched_at: 0 }).execute();
      fake.on('/coins/markets', failure);
      expect((await get()).json()[0].current_price).toBe(70187);
      await t.app.providers.cache.idle();
      expect((await get()).json()[0].current_price).toBe(70187);
    },
  );

  it('makes one outside call for many concurrent requests', async () => {
    const gate = fake.hold();
    const pending = Array.from({ length: 20 }, () => get());
    await expect.poll(() => fake.calls.length).toBe(1);
    gate.release();
    const answers = await Promise.all(pending);
    expect(answers.every((a) => a.statusCode === 200 && a.json().length === 2)).toBe(true);
    expect(fake.calls).toHaveLength(1);
  });
});

describe('CoinGecko provider when not configured', () => {
  it('serves demo prices for ten coins with locally drawn logos', async () => {
    const t = await buildTestApp();
    try {
      const coins = (await t.app.inject({ method: 'GET', url: '/api/cryptos' })).json();
      expect(coins).toHaveLength(10);
      expect(coins.some((c: { price_change_percentage_24h: number }) => c.price_change_percentage_24h < 0)).toBe(true);
      expect(coins[0]).toMatchObject({
        id: 'bitcoin',
        image: '/media/coins/bitcoin.png',
        market_cap_rank: 1,
        recommend_buy: false,
      });
    } finally {
      await t.close();
    }
  });
});
