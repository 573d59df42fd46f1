import type { ChannelDirectory, DirectoryChannel } from '@papo/contract/channel-directory';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

// the spec's lists, written out here: the page is built from the contract's constant, so comparing with that
// constant would pass whatever it held (the e2e foundation spec compares the page with the server's list).
const specChannels = {
  regional: 'barra rio sampa brasil portugal lisboa cascais porto america losangeles miami',
  relations:
    'instafollow 25a35anos 35a45anos 45a55anos coroas traveler ajuda bar-do-johhnie ensemblemodels ganhedinheiro culturafrancesa',
  music: 'swifties harrystyles onedirection sertanejo billieeilish pinkfloyd',
  entertainment: 'netflix lestepe globo amazonprime twoandahalfmen casamentoascegas',
};

describe('channels page', () => {
  it('lists 34 channels in four sections, in the spec order, each linking to /<name>', async () => {
    renderApp('/channels');
    await screen.findByRole('heading', { level: 1, name: 'Canais' });
    let total = 0;
    for (const [category, spelled] of Object.entries(specChannels)) {
      const names = spelled.split(' ');
      const section = screen.getByTestId(`channels-${category}`);
      expect(section.tagName).toBe('SECTION');
      expect(within(section).getByRole('heading', { level: 2 })).toBeInTheDocument();
      const links = within(section).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(names.map((name) => `#${name}`));
      expect(links.map((link) => link.getAttribute('href'))).toEqual(names.map((name) => `/${name}`));
      total += links.length;
    }
    expect(total).toBe(34);
    const order = [...document.querySelectorAll<HTMLElement>('section[data-testid^="channels-"]')].map(
      (section) => section.dataset.testid,
    );
    expect(order).toEqual(Object.keys(specChannels).map((category) => `channels-${category}`));
    expect(screen.getByTestId('channels-regional').querySelector('h2')).toHaveTextContent('Regionais');
  });

  it('sets the page title with the brand fallback', async () => {
    renderApp('/channels');
    await screen.findByRole('heading', { level: 1, name: 'Canais' });
    expect(document.title).toBe('Canais - Papo');
  });
});

const founded = (name: string, users: number, topic: string | null = null): DirectoryChannel => ({
  name,
  topic,
  users,
  category: null,
});

/** The directory as the server pages it: `pages` by `after` (the first page under ''), searches by `q`. */
function serveDirectory(pages: Record<string, ChannelDirectory>, searches: Record<string, ChannelDirectory> = {}) {
  return mockApi((url) => {
    if (url.pathname !== '/api/channel-directory') return undefined;
    const q = url.searchParams.get('q');
    const answer = q === null ? pages[url.searchParams.get('after') ?? ''] : searches[q];
    return answer ? json(200, answer) : json(400, { message: 'validation_failed' });
  });
}

describe('channels page directory', () => {
  it('shows how many are in the curated channels, then the founded ones with their counts, a page at a time', async () => {
    const api = serveDirectory({
      '': {
        curated: [
          { name: 'barra', topic: null, users: 3, category: 'regional' },
          { name: 'rio', topic: null, users: 0, category: 'regional' },
        ],
        others: { channels: [founded('achado', 2, 'Um canal novo'), founded('banda', 0)], next: 'banda' },
      },
      banda: { curated: [], others: { channels: [founded('zebra', 1)], next: null } },
    });
    renderApp('/channels');
    const section = await screen.findByTestId('directory-founded');
    expect(within(section).getByRole('heading', { level: 2, name: 'Canais criados por membros' })).toBeInTheDocument();
    const rows = await within(section).findAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/achado', '/banda']);
    expect(rows[0]).toHaveTextContent('2 pessoas');
    expect(rows[0]).toHaveTextContent('Um canal novo');
    expect(rows[1]).toHaveTextContent('ninguém agora');
    const regional = screen.getByTestId('channels-regional');
    const counts = within(regional).getAllByTestId('channel-people');
    expect(counts).toHaveLength(1);
    expect(counts[0]?.closest('li')?.querySelector('a')).toHaveAttribute('href', '/barra');
    expect(within(counts[0]!).getByText('3 pessoas')).toHaveClass('sr-only');

    await userEvent.click(within(section).getByRole('button', { name: 'Mostrar mais canais' }));
    await waitFor(() => expect(within(section).getAllByRole('link')).toHaveLength(3));
    expect(within(section).getByRole('link', { name: /zebra/ })).toHaveTextContent('1 pessoa');
    expect(within(section).queryByRole('button', { name: 'Mostrar mais canais' })).toBeNull();
    expect(api.calls('/api/channel-directory').map((call) => call.url.search)).toEqual(['', '?after=banda']);
  });

  it('searches every channel as one types, the curated ones first, and says when none matches', async () => {
    const api = serveDirectory(
      { '': { curated: [], others: { channels: [], next: null } } },
      {
        ba: {
          curated: [{ name: 'barra', topic: null, users: 3, category: 'regional' }],
          others: { channels: [founded('banda', 1)], next: null },
        },
        bax: { curated: [], others: { channels: [], next: null } },
      },
    );
    renderApp('/channels');
    expect(await screen.findByText('Nenhum membro criou um canal ainda.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Procurar canais' }), '#BA');
    const results = await screen.findByTestId('directory-results');
    expect(within(results).getByRole('heading', { name: 'Canais com “ba”' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(results)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/barra', '/banda']),
    );
    expect(within(results).getAllByRole('link')[0]).toHaveTextContent('Regionais');
    expect(screen.queryByTestId('channels-regional')).toBeNull();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Procurar canais' }), 'x');
    expect(await screen.findByText('Nenhum canal com “bax” no nome.')).toBeInTheDocument();
    expect(api.calls('/api/channel-directory').map((call) => call.url.search)).toEqual(['', '?q=ba', '?q=bax']);
  });
});
