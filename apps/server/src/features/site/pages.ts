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
