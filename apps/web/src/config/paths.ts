import type { PageSection } from '@papo/contract/page-sections';

/** A page's path: the home page or one under a page section (a channel's page is `channelPath`'s). */
type PagePath = '/' | `/${PageSection}` | `/${PageSection}/${string}`;

/** Paths of the routes that links point to, keyed by route name (shared by the route table and every link). */
export const paths = {
  home: '/',
  blog: '/blog',
  lyrics: '/lyrics',
  photos: '/photos',
  shop: '/shop',
  courses: '/courses',
  extraIncome: '/extraIncome',
  music: '/music',
  videos: '/videos',
  cryptos: '/cryptos',
  channels: '/channels',
  irc: '/irc',
  mobileMenu: '/mobileMenu',
  bio: '/bio',
  terms: '/termos-de-uso',
  privacy: '/politica-de-privacidade',
  AboutUs: '/sobre-nos',
  contact: '/contato',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  courseLanding: '/curso/voce-nao-e-um-lixo',
  profile: '/profile',
  mailbox: '/mail',
  operations: '/operations',
  editor: '/editor',
  editor_articles: '/editor_articles',
  editor_ls: '/editor_ls',
  albums: '/albums',
  BioEdit: '/bioEdit',
  bioEditEvents: '/bioEdit/events',
  courseAdd: '/courseAdd',
  newsPicker: '/newsPicker',
  upload: '/upload',
  album_add: '/albumAdd',
} as const satisfies Record<string, PagePath>;

/** The back office's article steps: content, category (`editor_step2`), cover (`editor_ilustrar`). */
export const editorPaths = {
  content: (id: number) => `/editor/${id}`,
  category: (id: number) => `/editor_step2/${id}`,
  cover: (id: number) => `/editor_image/${id}`,
  preview: (id: number, revision?: number) =>
    `/editor/${id}/preview${revision === undefined ? '' : `?revision=${revision}`}`,
};

/** The chat route of a channel; `name` is without the leading '#'. */
export function channelPath(name: string): string {
  return `/${name.replace(/^#/, '')}`;
}

/** An author's page: their published articles. */
export function authorPath(username: string): string {
  return `/autor/${encodeURIComponent(username)}`;
}
