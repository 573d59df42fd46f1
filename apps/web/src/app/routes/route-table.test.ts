import {
  channelCategories,
  channelNamePattern,
  isReservedChannelName,
  reservedChannelNames,
} from '@papo/contract/channels';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { isRouteHandle, resolveHandle, type RouteHandle } from './route-handle';
import { routeDefs } from './route-table';
import { routes } from './routes';

function resolve(path: string): RouteHandle | null {
  const matches = matchRoutes(routes, path) ?? [];
  const last = matches[matches.length - 1];
  return last && isRouteHandle(last.route.handle) ? resolveHandle(last.route.handle, last.params) : null;
}

const specPaths: [string, string][] = [
  ['/', 'home'],
  ['/blog', 'blog'],
  ['/blog/meu-artigo', 'blogView'],
  ['/lyrics', 'lyrics'],
  ['/lyrics/uma-letra', 'lyricView'],
  ['/photos', 'photos'],
  ['/shop', 'shop'],
  ['/shop/loja-1', 'shopView'],
  ['/courses', 'courses'],
  ['/courses/curso-1', 'courseView'],
  ['/extraIncome', 'extraIncome'],
  ['/music', 'music'],
  ['/homesamba', 'music'],
  ['/videos', 'videos'],
  ['/video/abc123', 'videoView'],
  ['/cryptos', 'cryptos'],
  ['/channels', 'channels'],
  ['/irc', 'irc'],
  ['/mobileMenu', 'mobileMenu'],
  ['/bio', 'bio'],
  ['/termos-de-uso', 'terms'],
  ['/politica-de-privacidade', 'privacy'],
  ['/sobre-nos', 'AboutUs'],
  ['/contato', 'contact'],
  ['/curso/voce-nao-e-um-lixo', 'courseLanding'],
  ['/person/7', 'person'],
  ['/login', 'login'],
  ['/register', 'register'],
  ['/profile', 'profile'],
  ['/mail', 'mailbox'],
  ['/mail/12', 'mail_show'],
  ['/barra', 'channel'],
  ['/bar-do-johhnie', 'channel'],
  ['/pvt/3', 'PrivateConversation'],
  ['/editor', 'editor'],
  ['/editor/5', 'editor_id'],
  ['/editor_image/5', 'editor_ilustrar'],
  ['/editor_image_bio/5', 'editor_ilustrar_bio'],
  ['/editor_step2/5', 'editor_step2'],
  ['/editor_ls', 'editor_ls'],
  ['/albums', 'albums'],
  ['/bioEdit', 'BioEdit'],
  ['/bioEdit/events', 'bioEditEvents'],
  ['/courseAdd', 'courseAdd'],
  ['/shopEdit/9', 'shopEdit'],
  ['/newsPicker', 'newsPicker'],
  ['/upload', 'upload'],
  ['/albumAdd', 'album_add'],
  ['/albumAdd/9', 'album_id'],
  ['/albumEdit/9', 'albumEdit'],
  ['/albumCover/9', 'album_cover'],
];

describe('route table', () => {
  it.each(specPaths)('%s is the route %s', (path, name) => {
    expect(resolve(path)?.name).toBe(name);
  });

  it('resolves every named link path to the route of that name', () => {
    for (const [name, path] of Object.entries(paths)) expect(resolve(path)?.name, path).toBe(name);
  });

  it('sends unknown deeper paths to the 404 route', () => {
    expect(resolve('/no/such/page')?.name).toBe('notFound');
  });

  it('declares layouts as the specs say', () => {
    for (const path of ['/login', '/register', '/curso/voce-nao-e-um-lixo'])
      expect(resolve(path)?.layout, path).toBe('empty');
    for (const path of ['/termos-de-uso', '/politica-de-privacidade', '/sobre-nos', '/contato']) {
      expect(resolve(path)?.layout, path).toBe('unlogged');
    }
    for (const path of ['/', '/channels', '/barra', '/profile', '/editor'])
      expect(resolve(path)?.layout, path).toBe('default');
  });

  it('declares who may open each route', () => {
    expect(resolve('/channels')).toMatchObject({ requiresAuth: false, requiresStaff: false });
    expect(resolve('/homesamba')).toMatchObject({ requiresAuth: false });
    // A channel's address is public: a visitor gets its page with the way in, a member the chat.
    expect(resolve('/barra')).toMatchObject({ requiresAuth: false, requiresStaff: false });
    expect(resolve('/pvt/3')).toMatchObject({ requiresAuth: true, requiresStaff: false });
    expect(resolve('/albumCover/9')).toMatchObject({ requiresAuth: true, requiresStaff: true });
  });

  it('hides the right-hand panel on shop and course views and picks tabs per route', () => {
    expect(resolve('/shop/loja-1')?.rightPanel).toBeNull();
    expect(resolve('/courses/curso-1')?.rightPanel).toBeNull();
    expect(resolve('/blog/x')?.rightPanel?.defaultTab).toBe('ads');
    expect(resolve('/barra')?.rightPanel).toEqual({ tabs: ['users', 'level', 'learnMore'], defaultTab: 'users' });
    expect(resolve('/bio')?.rightPanel?.defaultTab).toBe('learnMore');
  });

  it('reserves the first segment of every page as a channel name, so no channel is founded where a page answers', () => {
    // `/:slug` is the channel's own page and `*` the 404: every other route starts with a fixed segment.
    const pages = [...routeDefs.map((route) => route.path), ...Object.values(paths)].filter(
      (path) => path !== '/:slug' && path !== '*' && path !== '/',
    );
    const firsts = [...new Set(pages.map((path) => path.split('/')[1] ?? ''))];
    expect(firsts.every((segment) => segment !== '' && !segment.startsWith(':'))).toBe(true);
    // the router matches in any case, so `/bioedit` is `/bioEdit`: a channel named so would be shadowed too.
    expect(firsts.map((segment) => segment.toLowerCase()).filter((name) => !isReservedChannelName(name))).toEqual([]);
    // Each reserved name is one a channel could otherwise take (lowercase, within the pattern): none is written dead.
    expect(reservedChannelNames.filter((name) => !channelNamePattern.test(name))).toEqual([]);
  });

  it('founds none of the curated channels (the demo seed) under a reserved name', () => {
    expect(
      Object.values(channelCategories)
        .flat()
        .filter((name) => isReservedChannelName(name)),
    ).toEqual([]);
  });
});
