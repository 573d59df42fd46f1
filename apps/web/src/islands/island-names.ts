/**
 * Every island's name (decision 042). Screens name their islands with these; `registry.ts` gives each name its loader
 * and texts, and must have exactly these keys. A type of its own, so that a screen naming an island does not import
 * the registry, whose loaders import the screens.
 */
export type IslandName =
  | 'site-header'
  | 'desktop-sidebar'
  | 'chat-host'
  | 'right-panel'
  | 'lyric-swipe'
  | 'store-products'
  | 'blog-search'
  | 'blog-categories'
  | 'blog-list'
  | 'home-chat'
  | 'survey'
  | 'cookie-banner'
  | 'plain-header'
  | 'mini-player'
  | 'music-player'
  | 'blog-results'
  | 'lyrics-search'
  | 'lyrics-results'
  | 'store-list'
  | 'playlist'
  | 'photo-gallery'
  | 'bio-browser'
  | 'channel-directory'
  | 'trending-stores'
  | 'quick-news'
  | 'new-users'
  | 'crypto-list'
  | 'author-page'
  | 'video-page'
  | 'extra-income-videos'
  | 'share-menu';
