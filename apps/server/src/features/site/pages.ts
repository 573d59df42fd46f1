/** A page for the sitemap: its path and when it last changed, if known. */
interface SitemapEntry {
  path: string;
  modifiedAt: string | null;
}

/** A feature's pages with slugs; the feature decides which are public. */
export type SitemapSource = () => Promise<SitemapEntry[]>;

/** The public pages without slugs (public-site §2.2), as the sitemap lists them. */
export const publicPages: readonly string[] = [
  '/',
  '/blog',
  '/lyrics',
  '/photos',
  '/shop',
  '/courses',
  '/videos',
  '/extraIncome',
  '/cryptos',
  '/channels',
  '/irc',
  '/bio',
  '/music',
  '/sobre-nos',
  '/contato',
  '/termos-de-uso',
  '/politica-de-privacidade',
];

/**
 * Every page with a fixed address (the web app's `config/paths.ts`), the public ones and the others: their spelling
 * is the canonical one (ssr/redirects.ts sends `/BLOG` and `/extraincome` there).
 */
export const fixedPages: readonly string[] = [
  ...publicPages,
  '/mobileMenu',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/curso',
  '/profile',
  '/mail',
  '/pvt',
  '/editor',
  '/editor_articles',
  '/editor_ls',
  '/editor_image',
  '/editor_image_bio',
  '/editor_step2',
  '/albums',
  '/bioEdit',
  '/courseAdd',
  '/newsPicker',
  '/upload',
  '/albumAdd',
  '/albumEdit',
  '/albumCover',
  '/shopEdit',
];
