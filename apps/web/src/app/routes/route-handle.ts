import type { Params } from 'react-router';

export type LayoutName = 'empty' | 'unlogged' | 'default';

/** Tabs of the right-hand panel (members-area §2). */
export type PanelTab = 'users' | 'level' | 'ads' | 'learnMore';

export interface RightPanelInfo {
  tabs: readonly PanelTab[];
  defaultTab: PanelTab;
}

/** What every route declares about itself; read by layouts, guards and the header. */
export interface RouteHandle {
  name: string;
  layout: LayoutName;
  requiresAuth: boolean;
  requiresStaff: boolean;
  /** null hides the right-hand panel (shop and course views, and layouts without one). */
  rightPanel: RightPanelInfo | null;
  /** A chat screen: the page is exactly the window's height, without the footer; only the screen's own list scrolls. */
  fillsViewport?: boolean;
  /** A route whose path parameter `slug` starting with `slugPrefix` is another route (`/home{name}` is music). */
  slugVariant?: { slugPrefix: string; handle: RouteHandle };
  /**
   * Every address of the route is a member's page (a channel is founded by its first join): the server's 404 of an
   * unknown slug, a visitor's page, is not shown to a member (shared-not-found.ts).
   */
  existsForMembers?: boolean;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'name' in value && 'layout' in value;
}

/** The handle that applies to these params, following a slug variant when it matches. */
export function resolveHandle(handle: RouteHandle, params: Params): RouteHandle {
  const variant = handle.slugVariant;
  return variant && params.slug?.startsWith(variant.slugPrefix) ? variant.handle : handle;
}
