import type { IslandName } from './island-names';
import { nowPlayingEvent } from '../lib/now-playing-event';

/**
 * When an island's code loads: `use` on the first pointer, key or focus inside it (the click that woke it is replayed
 * once it is live), `visible` when it comes near the screen (something that moves on its own), `media` at once on a
 * screen the query matches (what only a wide screen shows: the server draws the phone's page), `event` when another
 * island sends that event on `window` (what only exists once something else happened: a track playing), `retry` on a
 * click on one of its buttons alone (data the server drew, whose one button is the try again of a failed load: the
 * island asks the API again itself and shows the answer in place).
 */
type IslandWake = 'use' | 'visible' | { media: string } | { event: string } | 'retry';

export interface IslandDef {
  /** The component the island hydrates; it renders the same markup from its serialized props alone. */
  load: () => Promise<unknown>;
  /** The text keys (prefixes of the locale file) its markup and its later states show: the page carries only these. */
  texts: readonly string[];
  wake: IslandWake;
  /** Woken at once for a member (a session in the browser's storage): the server drew the visitor's version. */
  member?: true;
  /** Woken by the arrow keys anywhere on the page (the key is given again once it is live). */
  arrowKeys?: true;
}

// the sidebar (desktop, and the header's menu drawer on a phone) shows a member's recent private conversations,
// whose texts live in the conversations' own section.
const sidebarTexts = [
  'sidebar',
  'channels.categories',
  'pvt.sidebarTitle',
  'pvt.sidebarEmpty',
  'pvt.sidebarError',
  'pvt.loadingShort',
  'pvt.unread_one',
  'pvt.unread_other',
  'chat.openChannels',
  'chat.mentioned',
] as const;

/*
 * The parts of public pages that respond to the reader (decision 042). Only names and loaders live here: this module
 * is in the public entry, and each island's code is a chunk of its own, fetched when that island wakes.
 */
const islandDefs = {
  'site-header': {
    load: () => import('../app/layouts/site-header').then((m) => m.SiteHeader),
    texts: ['a11y', 'nav', 'language', 'userMenu', ...sidebarTexts, 'dialog', 'mobileMenu', 'notifications', 'toast'],
    wake: 'use',
    member: true,
  },
  'desktop-sidebar': {
    load: () => import('../app/layouts/default-layout').then((m) => m.DesktopSidebar),
    texts: ['a11y', 'nav', ...sidebarTexts],
    wake: { media: '(min-width: 1024px)' },
  },
  // a member's open channels, unread counts and Ctrl+K on public pages: woken for a member only (its element is
  // empty, so nothing else wakes it), after the page is drawn; the sidebar's islands show what it restores.
  'chat-host': {
    load: () => import('../app/layouts/member-chat').then((m) => m.MemberChat),
    texts: ['chat.switcher', 'chat.mentioned', 'pvt.unread_one', 'pvt.unread_other', 'dialog'],
    wake: 'use',
    member: true,
  },
  'right-panel': {
    load: () => import('../app/layouts/default-layout').then((m) => m.LazyRightPanel),
    texts: ['rightPanel', 'learnMore', 'stores.ads', 'stores.loading', 'a11y'],
    wake: { media: '(min-width: 640px)' },
  },
  'lyric-swipe': {
    load: () => import('../features/articles/components/lyric-screen').then((m) => m.LyricSwipe),
    texts: ['articles.lyrics', 'articles.share', 'articles.article', 'toast'],
    wake: 'use',
    arrowKeys: true,
  },
  'store-products': {
    load: () => import('../features/stores/components/store-screen').then((m) => m.StoreProducts),
    texts: ['stores.detail', 'dialog'],
    wake: 'use',
  },
  'blog-search': {
    load: () => import('../features/articles/components/blog-screen').then((m) => m.BlogSearch),
    texts: ['articles.search'],
    wake: 'use',
  },
  'blog-categories': {
    load: () => import('../features/articles/components/blog-screen').then((m) => m.BlogCategories),
    texts: ['articles.blog', 'articles.categories'],
    wake: 'use',
  },
  'blog-list': {
    load: () => import('../features/articles/components/blog-list').then((m) => m.BlogList),
    texts: ['articles.blog', 'articles.categories', 'articles.card', 'loadState'],
    wake: 'use',
  },
  // awake before the reader reaches it: its send button depends on what is typed.
  'home-chat': {
    load: () => import('../features/home/components/home-chat').then((m) => m.HomeChat),
    texts: ['homeSections.chat', 'homeSections.retry', 'errors'],
    wake: 'visible',
  },
  // the survey depends on the visitor (voted or not), so the server draws its loading state: it wakes when it
  // comes near the screen, or the reader would wait for ever for something to use.
  survey: {
    load: () => import('../features/home/components/survey-card').then((m) => m.SurveyCard),
    texts: ['homeSections.survey', 'homeSections.retry'],
    wake: 'visible',
  },
  'cookie-banner': {
    load: () => import('../features/consent/components/cookie-banner').then((m) => m.CookieBanner),
    texts: ['cookies'],
    wake: 'use',
  },
  // the static pages' header (no menu drawer: their own navigation is on the page).
  'plain-header': {
    load: () => import('../app/layouts/header').then((m) => m.Header),
    texts: ['a11y', 'nav', 'language', 'userMenu', 'dialog', 'notifications', 'toast'],
    wake: 'use',
    member: true,
  },
  // outside the main region, so a song started on the music page keeps playing, with its bar, on the next pages.
  'mini-player': {
    load: () => import('../app/layouts/mini-player').then((m) => m.MiniPlayer),
    texts: ['miniPlayer'],
    wake: { event: nowPlayingEvent },
  },
  // woken by use, not at once: the player, its analyzer and React would be 150 KiB before anyone asked for music.
  'music-player': {
    load: () => import('../features/music/components/music-screen').then((m) => m.MusicPlayer),
    texts: ['music', 'loadState'],
    wake: 'use',
  },
  'blog-results': {
    load: () => import('../features/articles/components/blog-screen').then((m) => m.BlogResults),
    texts: ['articles.search', 'loadState'],
    wake: 'use',
  },
  'lyrics-search': {
    load: () => import('../features/articles/components/lyrics-screen').then((m) => m.LyricsSearch),
    texts: ['articles.search'],
    wake: 'use',
  },
  'lyrics-results': {
    load: () => import('../features/articles/components/lyrics-screen').then((m) => m.LyricsSearchResults),
    texts: ['articles.search', 'articles.lyrics', 'loadState'],
    wake: 'use',
  },
  'store-list': {
    load: () => import('../features/stores/components/store-list-screen').then((m) => m.StoreCards),
    texts: ['stores.filterLabel', 'stores.categories', 'stores.loading', 'stores.loadError', 'stores.courses'],
    wake: 'use',
  },
  // awake as it nears the screen, so its swipe engine is there for the first swipe (a gesture begun before it is
  // could not be given to it).
  playlist: {
    load: () => import('../features/videos/components/videos-screen').then((m) => m.PlaylistPlayer),
    texts: ['videos', 'dialog'],
    wake: 'visible',
  },
  'photo-gallery': {
    load: () => import('../features/photos/components/photos-screen').then((m) => m.PhotoGallery),
    texts: ['photos', 'dialog'],
    wake: 'use',
  },
  'bio-browser': {
    load: () => import('../features/bio/components/bio-screen').then((m) => m.BioBrowser),
    texts: ['bio', 'loadState'],
    wake: 'use',
  },
  'channel-directory': {
    load: () => import('../features/channels/components/channels-screen').then((m) => m.ChannelDirectory),
    texts: ['channels', 'channelDirectory', 'loadState'],
    wake: 'use',
  },
  // the home's sections the server fetched: an island for their try again alone (they show links only).
  'trending-stores': {
    load: () => import('../features/home/components/trending-stores').then((m) => m.TrendingStores),
    texts: ['homeSections.stores', 'homeSections.retry'],
    wake: 'retry',
  },
  'quick-news': {
    load: () => import('../features/home/components/quick-news').then((m) => m.QuickNews),
    texts: ['homeSections.news', 'homeSections.retry'],
    wake: 'retry',
  },
  'new-users': {
    load: () => import('../features/home/components/new-users').then((m) => m.NewUsers),
    texts: ['homeSections.users', 'homeSections.retry'],
    wake: 'retry',
  },
  'crypto-list': {
    load: () => import('../features/cryptos/components/cryptos-screen').then((m) => m.CryptoList),
    texts: [
      'cryptos.empty',
      'cryptos.rank',
      'cryptos.price',
      'cryptos.marketCap',
      'cryptos.change24h',
      'cryptos.noChange',
      'cryptos.up',
      'cryptos.down',
      'loadState',
    ],
    wake: 'retry',
  },
  // a failed author page or video page: the island is the whole page, asked for again by its try again.
  'author-page': {
    load: () => import('../features/articles/components/author-screen').then((m) => m.AuthorPage),
    texts: [
      'articles.author',
      'articles.categories',
      'loadState',
      'notFound',
      'meta.notFound',
      'nav.blog',
      'nav.lyrics',
    ],
    wake: 'retry',
  },
  'video-page': {
    load: () => import('../features/videos/components/video-screen').then((m) => m.VideoPage),
    texts: ['videos', 'loadState', 'nav.blog', 'nav.lyrics'],
    wake: 'retry',
  },
  'extra-income-videos': {
    load: () => import('../features/videos/components/extra-income-screen').then((m) => m.ExtraIncomeVideos),
    texts: ['extraIncome', 'loadState', 'videos.playerLoading'],
    wake: 'use',
  },
  'share-menu': {
    load: () => import('../features/articles/components/share-menu').then((m) => m.ShareMenu),
    texts: ['articles.share', 'toast'],
    wake: 'use',
  },
} satisfies Record<IslandName, IslandDef>;

export const islands: Readonly<Record<IslandName, IslandDef>> = islandDefs;

export type { IslandName };

export function isIslandName(value: string): value is IslandName {
  return Object.hasOwn(islands, value);
}
