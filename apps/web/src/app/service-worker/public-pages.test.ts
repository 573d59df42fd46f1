import { describe, expect, it } from 'vitest';
import { isPublicPage } from './public-pages';

describe('pages the service worker keeps for reading offline', () => {
  it.each([
    '/',
    '/blog',
    '/blog/um-artigo',
    '/lyrics',
    '/shop',
    '/channels',
    '/bio',
    '/contato',
    '/login',
    '/homeRock',
    '/sobre-nos',
    '/geral',
  ])('keeps the public page %s', (path) => expect(isPublicPage(path)).toBe(true));

  it.each(['/profile', '/mail', '/editor', '/editor/3', '/pvt/4', '/albums', '/no/such/page/here'])(
    'never keeps %s (a member’s or staff page, or no page at all)',
    (path) => expect(isPublicPage(path)).toBe(false),
  );
});
