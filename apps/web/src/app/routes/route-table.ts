import { paths } from '../../config/paths';
import type { LayoutName, RightPanelInfo, RouteHandle } from './route-handle';

/** Screens built so far; every other route shows the 404 page inside its layout. */
export type ScreenName =
  | 'notFound'
  | 'home'
  | 'channels'
  | 'mobileMenu'
  | 'terms'
  | 'privacy'
  | 'about'
  | 'contact'
  | 'mailbox'
  | 'operations'
  | 'mailShow'
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'profile'
  | 'privateConversation'
  | 'channel'
  | 'blog'
  | 'article'
  | 'lyrics'
  | 'lyric'
  | 'author'
  | 'shopList'
  | 'courseList'
  | 'store'
  | 'albumList'
  | 'albumForm'
  | 'courseAdd'
  | 'albumProducts'
  | 'albumCover'
  | 'bio'
  | 'person'
  | 'bioEdit'
  | 'bioCover'
  | 'newsPicker'
  | 'videos'
  | 'videoView'
  | 'extraIncome'
  | 'photos'
  | 'music'
  | 'cryptos'
  | 'courseLanding'
  | 'irc'
  | 'articleList'
  | 'articleEditor'
  | 'articleCategory'
  | 'articleCover'
  | 'imageLibrary'
  | 'articlePreview';

export interface RouteDef {
  path: string;
  screen: ScreenName;
  handle: RouteHandle;
  /** The screen of the slug variant's paths (`/home{name}` shows the music page). */
  variantScreen?: Exclude<ScreenName, 'notFound'>;
  /**
   * The query parameters that change what the page shows. The server renders a page with these alone (others —
   * tracking, random ones — change neither the rendered page nor its key in memory); a screen that reads
   * another one must declare it here.
   */
  query?: readonly string[];
}

const panels = {
  standard: { tabs: ['learnMore'], defaultTab: 'learnMore' },
  home: { tabs: ['users', 'learnMore'], defaultTab: 'users' },
  channel: { tabs: ['users', 'level', 'learnMore'], defaultTab: 'users' },
  blogView: { tabs: ['ads', 'learnMore'], defaultTab: 'ads' },
} satisfies Record<string, RightPanelInfo>;

type Access = 'public' | 'member' | 'staff';

function handle(name: string, layout: LayoutName, access: Access, rightPanel: RightPanelInfo | null): RouteHandle {
  return { name, layout, requiresAuth: access !== 'public', requiresStaff: access === 'staff', rightPanel };
}

function page(name: string, path: string, access: Access = 'public', extra: Partial<RouteDef> = {}): RouteDef {
  return { path, screen: 'notFound', handle: handle(name, 'default', access, panels.standard), ...extra };
}

function unlogged(name: string, path: string, screen: ScreenName = 'notFound'): RouteDef {
  return { path, screen, handle: handle(name, 'unlogged', 'public', null) };
}

function empty(name: string, path: string, screen: ScreenName = 'notFound', query?: readonly string[]): RouteDef {
  return { path, screen, handle: handle(name, 'empty', 'public', null), ...(query ? { query } : {}) };
}

const musicHandle = handle('music', 'default', 'public', panels.standard);

/** Every route of both specs. Order matters only for readability: React Router ranks static paths first. */
export const routeDefs: readonly RouteDef[] = [
  page('home', paths.home, 'public', { screen: 'home', handle: handle('home', 'default', 'public', panels.home) }),
  page('blog', paths.blog, 'public', { screen: 'blog', query: ['q', 'exact', 'category', 'page'] }),
  page('blogView', '/blog/:slug', 'public', {
    screen: 'article',
    handle: handle('blogView', 'default', 'public', panels.blogView),
  }),
  page('lyrics', paths.lyrics, 'public', { screen: 'lyrics', query: ['q', 'exact'] }),
  page('lyricView', '/lyrics/:slug', 'public', { screen: 'lyric' }),
  page('author', '/autor/:username', 'public', { screen: 'author' }),
  page('photos', paths.photos, 'public', { screen: 'photos' }),
  page('shop', paths.shop, 'public', { screen: 'shopList' }),
  page('shopView', '/shop/:slug', 'public', { screen: 'store', handle: handle('shopView', 'default', 'public', null) }),
  page('courses', paths.courses, 'public', { screen: 'courseList' }),
  page('courseView', '/courses/:slug', 'public', {
    screen: 'store',
    handle: handle('courseView', 'default', 'public', null),
  }),
  page('extraIncome', paths.extraIncome, 'public', { screen: 'extraIncome' }),
  { path: paths.music, screen: 'music', handle: musicHandle },
  page('videos', paths.videos, 'public', { screen: 'videos' }),
  page('videoView', '/video/:slug', 'public', { screen: 'videoView' }),
  page('cryptos', paths.cryptos, 'public', { screen: 'cryptos' }),
  page('channels', paths.channels, 'public', { screen: 'channels' }),
  page('irc', paths.irc, 'public', { screen: 'irc' }),
  page('mobileMenu', paths.mobileMenu, 'public', { screen: 'mobileMenu' }),
  page('bio', paths.bio, 'public', { screen: 'bio', query: ['tag', 'ano'] }),
  page('person', '/person/:id', 'public', { screen: 'person' }),

  unlogged('terms', paths.terms, 'terms'),
  unlogged('privacy', paths.privacy, 'privacy'),
  unlogged('AboutUs', paths.AboutUs, 'about'),
  unlogged('contact', paths.contact, 'contact'),

  empty('login', paths.login, 'login'),
  empty('register', paths.register, 'register', ['verify']),
  empty('forgotPassword', paths.forgotPassword, 'forgotPassword'),
  empty('resetPassword', paths.resetPassword, 'resetPassword', ['token']),
  empty('courseLanding', paths.courseLanding, 'courseLanding'),

  page('profile', paths.profile, 'member', { screen: 'profile' }),
  // the server only answers staff here (decision 004), so the client guards the inbox the same way.
  page('mailbox', paths.mailbox, 'staff', { screen: 'mailbox' }),
  page('mail_show', '/mail/:id', 'staff', { screen: 'mailShow' }),
  // administrators only on the server; a moderator who opens it is told so by the screen.
  page('operations', paths.operations, 'staff', { screen: 'operations' }),
  page('PrivateConversation', '/pvt/:id', 'member', {
    screen: 'privateConversation',
    handle: { ...handle('PrivateConversation', 'default', 'member', panels.standard), fillsViewport: true },
  }),

  // The article back office; `/editor_articles` is Papo's full list (the spec's has no path, decision 015).
  page('editor', paths.editor, 'staff', { screen: 'articleEditor' }),
  page('editor_id', '/editor/:id', 'staff', { screen: 'articleEditor' }),
  // Previews (decision 024): staff by article id, anyone by a preview link's token; rendered by the browser alone.
  page('editor_preview', '/editor/:id/preview', 'staff', { screen: 'articlePreview', query: ['revision'] }),
  page('preview', '/preview/:token', 'public', { screen: 'articlePreview', query: ['revision'] }),
  page('editor_ilustrar', '/editor_image/:id', 'staff', { screen: 'articleCover' }),
  page('editor_ilustrar_bio', '/editor_image_bio/:id', 'staff', { screen: 'bioCover' }),
  page('editor_step2', '/editor_step2/:id', 'staff', { screen: 'articleCategory' }),
  page('editor_ls', paths.editor_ls, 'staff', { screen: 'articleList' }),
  page('editor_articles', paths.editor_articles, 'staff', { screen: 'articleList' }),
  page('albums', paths.albums, 'staff', { screen: 'albumList' }),
  page('BioEdit', paths.BioEdit, 'staff', { screen: 'bioEdit' }),
  page('bioEditEvents', paths.bioEditEvents, 'staff', { screen: 'bioEdit' }),
  page('courseAdd', paths.courseAdd, 'staff', { screen: 'courseAdd' }),
  page('shopEdit', '/shopEdit/:id', 'staff', { screen: 'albumProducts' }),
  page('newsPicker', paths.newsPicker, 'staff', { screen: 'newsPicker' }),
  page('upload', paths.upload, 'staff', { screen: 'imageLibrary' }),
  page('album_add', paths.album_add, 'staff', { screen: 'albumForm' }),
  page('album_id', '/albumAdd/:id', 'staff', { screen: 'albumForm' }),
  page('albumEdit', '/albumEdit/:id', 'staff', { screen: 'albumForm' }),
  page('album_cover', '/albumCover/:id', 'staff', { screen: 'albumCover' }),

  // React Router cannot match `/home{name}`, so the channel route serves slugs starting with 'home' as music.
  {
    path: '/:slug',
    screen: 'channel',
    // public: a visitor gets the channel's page (its name, topic and the way in), a member the chat.
    handle: {
      ...handle('channel', 'default', 'public', panels.channel),
      fillsViewport: true,
      slugVariant: { slugPrefix: 'home', handle: musicHandle },
      existsForMembers: true,
    },
    variantScreen: 'music',
  },
  page('notFound', '*'),
];
