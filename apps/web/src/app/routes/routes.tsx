import { lazy, Suspense, type ComponentType } from 'react';
import { useParams, type RouteObject } from 'react-router';
import { NotFound } from '../../components/not-found';
import { RootShell } from '../layouts/root-shell';
import { UnloggedLayout } from '../layouts/unlogged-layout';
import { RouteError } from '../layouts/route-error';
import { guardLoader, isGuarded } from './guard';
import { resolveHandle, type LayoutName } from './route-handle';
import { routeDefs, type RouteDef, type ScreenName } from './route-table';
import { useSharedNotFound } from './shared-not-found';
import { useMatchedHandle } from './use-route-handle';

// screens load lazily so the first route ships only the shell and its own screen (budget: 150 KiB gzipped, decision 019).
const screens: Record<Exclude<ScreenName, 'notFound'>, () => Promise<ComponentType>> = {
  home: () => import('../../features/home/components/home-screen').then((m) => m.HomeScreen),
  channels: () => import('../../features/channels/components/channels-screen').then((m) => m.ChannelsScreen),
  irc: () => import('../../features/irc/components/irc-screen').then((m) => m.IrcScreen),
  mobileMenu: () => import('../../features/mobile-menu/components/mobile-menu-screen').then((m) => m.MobileMenuScreen),
  terms: () => import('../../features/legal/components/terms-screen').then((m) => m.TermsScreen),
  privacy: () => import('../../features/legal/components/privacy-screen').then((m) => m.PrivacyScreen),
  about: () => import('../../features/legal/components/about-screen').then((m) => m.AboutScreen),
  contact: () => import('../../features/contact/components/contact-screen').then((m) => m.ContactScreen),
  mailbox: () => import('../../features/mailbox/components/mailbox-screen').then((m) => m.MailboxScreen),
  operations: () => import('../../features/operations/components/operations-screen').then((m) => m.OperationsScreen),
  mailShow: () =>
    import('../../features/mailbox/components/contact-message-screen').then((m) => m.ContactMessageScreen),
  profile: () => import('../../features/profile/components/profile-screen').then((m) => m.ProfileScreen),
  login: () => import('../../features/auth/components/login-screen').then((m) => m.LoginScreen),
  register: () => import('../../features/auth/components/register-screen').then((m) => m.RegisterScreen),
  forgotPassword: () =>
    import('../../features/auth/components/forgot-password-screen').then((m) => m.ForgotPasswordScreen),
  resetPassword: () =>
    import('../../features/auth/components/reset-password-screen').then((m) => m.ResetPasswordScreen),
  privateConversation: () => import('./private-conversation-route').then((m) => m.PrivateConversationRoute),
  channel: () => import('../../features/chat/components/channel-route').then((m) => m.ChannelRoute),
  articleList: () => import('../../features/editor/components/article-list-screen').then((m) => m.ArticleListScreen),
  articleEditor: () =>
    import('../../features/editor/components/article-editor-screen').then((m) => m.ArticleEditorScreen),
  articlePreview: () =>
    import('../../features/articles/components/article-preview-screen').then((m) => m.ArticlePreviewScreen),
  articleCategory: () => import('../../features/editor/components/category-screen').then((m) => m.CategoryScreen),
  articleCover: () => import('../../features/editor/components/cover-screen').then((m) => m.CoverScreen),
  imageLibrary: () => import('../../features/editor/components/image-library-screen').then((m) => m.ImageLibraryScreen),
  blog: () => import('../../features/articles/components/blog-screen').then((m) => m.BlogScreen),
  article: () => import('../../features/articles/components/article-screen').then((m) => m.ArticleScreen),
  lyrics: () => import('../../features/articles/components/lyrics-screen').then((m) => m.LyricsScreen),
  lyric: () => import('../../features/articles/components/lyric-screen').then((m) => m.LyricScreen),
  author: () => import('../../features/articles/components/author-screen').then((m) => m.AuthorScreen),
  shopList: () => import('../../features/stores/components/store-list-screen').then((m) => m.ShopListScreen),
  courseList: () => import('../../features/stores/components/store-list-screen').then((m) => m.CourseListScreen),
  store: () => import('../../features/stores/components/store-screen').then((m) => m.StoreScreen),
  albumList: () => import('../../features/stores/components/album-list-screen').then((m) => m.AlbumListScreen),
  albumForm: () => import('../../features/stores/components/album-form-screen').then((m) => m.AlbumFormScreen),
  courseAdd: () => import('../../features/stores/components/course-add-screen').then((m) => m.CourseAddScreen),
  albumProducts: () => import('../../features/stores/components/products-screen').then((m) => m.ProductsScreen),
  albumCover: () => import('../../features/stores/components/album-cover-screen').then((m) => m.AlbumCoverScreen),
  bio: () => import('../../features/bio/components/bio-screen').then((m) => m.BioScreen),
  person: () => import('../../features/bio/components/person-screen').then((m) => m.PersonScreen),
  bioEdit: () => import('../../features/bio/components/bio-edit-screen').then((m) => m.BioEditScreen),
  bioCover: () => import('../../features/bio/components/bio-cover-screen').then((m) => m.BioCoverScreen),
  newsPicker: () => import('../../features/news-picker/components/news-picker-screen').then((m) => m.NewsPickerScreen),
  videos: () => import('../../features/videos/components/videos-screen').then((m) => m.VideosScreen),
  videoView: () => import('../../features/videos/components/video-screen').then((m) => m.VideoScreen),
  extraIncome: () => import('../../features/videos/components/extra-income-screen').then((m) => m.ExtraIncomeScreen),
  photos: () => import('../../features/photos/components/photos-screen').then((m) => m.PhotosScreen),
  music: () => import('../../features/music/components/music-screen').then((m) => m.MusicScreen),
  cryptos: () => import('../../features/cryptos/components/cryptos-screen').then((m) => m.CryptosScreen),
  courseLanding: () =>
    import('../../features/course-landing/components/course-landing-screen').then((m) => m.CourseLandingScreen),
};

// the unlogged layout, small beside the header and footer it shares with the default layout, comes with the
// shell; the default layout's own parts (sidebar, panel, player, member chat) and the empty layout load with their
// route, so the sign-in forms' first route carries none of them (the app's budget, decision 019).
const layouts: Record<LayoutName, Pick<RouteObject, 'Component' | 'lazy'>> = {
  empty: { lazy: async () => ({ Component: (await import('../layouts/empty-layout')).EmptyLayout }) },
  unlogged: { Component: UnloggedLayout },
  default: { lazy: async () => ({ Component: (await import('../layouts/default-layout')).DefaultLayout }) },
};

/**
 * A route with a slug variant (`/:slug` → `/home{name}` is music) loads only the screen its slug asks
 * for: a channel's visitors never download the music player, nor music listeners the chat.
 */
function withSlugVariant(def: RouteDef, screen: Exclude<ScreenName, 'notFound'>): ComponentType {
  const Own = lazy(() => screens[screen]().then((Component) => ({ default: Component })));
  const variant = def.variantScreen;
  const Variant = variant ? lazy(() => screens[variant]().then((Component) => ({ default: Component }))) : NotFound;
  return function SlugVariantGate() {
    const params = useParams();
    return (
      <Suspense fallback={null}>{resolveHandle(def.handle, params) === def.handle ? <Own /> : <Variant />}</Suspense>
    );
  };
}

/**
 * A screen, or the catch-all's 404 where the server handed that page over for an address a route with a parameter
 * has (an unknown slug, shared-not-found.ts). One gate per screen, made once, whatever routes show it: a route that
 * leads to another showing the same screen (`/editor` → `/editor/{id}` after the first save) keeps the screen mounted,
 * its state with it, as React keeps a component of the same type in the same place.
 */
const gates = new WeakMap<ComponentType, ComponentType>();
function orSharedNotFound(Screen: ComponentType): ComponentType {
  const made = gates.get(Screen);
  if (made) return made;
  function RouteScreen() {
    return useSharedNotFound(useMatchedHandle()) ? <NotFound /> : <Screen />;
  }
  gates.set(Screen, RouteScreen);
  return RouteScreen;
}

/** Member and staff screens, fetched by their guard's loader once it lets the caller in. */
const loadedScreens = new Map<ScreenName, ComponentType>();
const loadedGates = new Map<ScreenName, ComponentType>();

/**
 * A guarded route's screen, fetched after its guard (guard.ts) rather than as the route's `lazy`, which the router
 * fetches beside the loader: a visitor on /profile then downloads the login screen only. One component per screen,
 * as `orSharedNotFound`'s, so routes showing the same screen keep it mounted.
 */
function loadedScreen(screen: Exclude<ScreenName, 'notFound'>): {
  load: () => Promise<void>;
  Component: ComponentType;
} {
  const load = async () => {
    if (!loadedScreens.has(screen)) loadedScreens.set(screen, await screens[screen]());
  };
  let Gate = loadedGates.get(screen);
  if (!Gate) {
    Gate = function LoadedScreen() {
      const Screen = loadedScreens.get(screen);
      return Screen ? <Screen /> : null;
    };
    loadedGates.set(screen, Gate);
  }
  return { load, Component: orSharedNotFound(Gate) };
}

function toRouteObject(def: RouteDef): RouteObject {
  const { path, screen, handle } = def;
  const base = { id: handle.name, path, handle, loader: guardLoader(handle) };
  if (screen === 'notFound') return { ...base, Component: NotFound };
  if (handle.slugVariant) return { ...base, Component: orSharedNotFound(withSlugVariant(def, screen)) };
  if (isGuarded(handle)) {
    const { load, Component } = loadedScreen(screen);
    return { ...base, loader: guardLoader(handle, load), Component };
  }
  const load = screens[screen];
  return { ...base, lazy: async () => ({ Component: orSharedNotFound(await load()) }) };
}

function BlankShell() {
  return <div className="min-h-dvh bg-slate-50" />;
}

/** The route tree: root shell → one pathless route per layout → the routes of that layout. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    ErrorBoundary: RouteError,
    HydrateFallback: BlankShell,
    children: Object.entries(layouts).map(([layout, route]) => ({
      id: `layout-${layout}`,
      ...route,
      children: routeDefs.filter((def) => def.handle.layout === layout).map(toRouteObject),
    })),
  },
];
