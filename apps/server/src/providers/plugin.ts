import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createProviderCache, type ProviderCache } from './cache.js';
import { createCoingeckoProvider, type CryptoProvider } from './coingecko/coingecko.js';
import { createNewsProvider, type NewsProvider } from './news/news.js';
import { createYoutubeProvider, type YoutubeProvider } from './youtube/youtube.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outside services behind the shared cache (decision 013); each serves local data when not configured. */
    providers: { cache: ProviderCache; youtube: YoutubeProvider; cryptos: CryptoProvider; news: NewsProvider };
  }
}

/** Builds the shared provider cache and the providers over it, from the configuration. */
export const providersPlugin: FastifyPluginAsync = fp(async (app) => {
  const { config } = app;
  const cache = createProviderCache({ db: app.db, log: app.log });
  app.decorate('providers', {
    cache,
    youtube: createYoutubeProvider({
      cache,
      apiKey: config.YOUTUBE_API_KEY,
      channelId: config.YOUTUBE_CHANNEL_ID,
      baseUrl: config.YOUTUBE_BASE_URL,
    }),
    cryptos: createCoingeckoProvider({ cache, apiKey: config.COINGECKO_API_KEY, baseUrl: config.COINGECKO_BASE_URL }),
    news: createNewsProvider({
      cache,
      apiKey: config.NEWS_API_KEY,
      cx: config.NEWS_CX,
      baseUrl: config.NEWS_BASE_URL,
      siteOrigin: new URL(config.PUBLIC_URL).origin,
    }),
  });
  // a background refresh still running must finish its cache write before the database closes.
  app.addHook('onClose', () => cache.idle());
});
