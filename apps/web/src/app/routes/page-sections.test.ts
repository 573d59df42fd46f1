import { pageSections } from '@papo/contract/page-sections';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { routeDefs } from './route-table';

describe('page sections', () => {
  it('are the first segments of the route table, as the server spells them canonically', () => {
    // `/` is the home page, `/:slug` a channel's page and `*` the 404: every other route starts with a section.
    const pages = [...routeDefs.map((route) => route.path), ...Object.values(paths)].filter(
      (path) => path !== '/:slug' && path !== '*' && path !== '/',
    );
    const firsts = new Set(pages.map((path) => path.split('/')[1] ?? ''));
    expect([...firsts].sort()).toEqual([...pageSections].sort());
  });
});
