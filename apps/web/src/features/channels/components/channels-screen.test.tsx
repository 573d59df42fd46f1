import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

// NOTE: the spec's lists, written out here: the page is built from the contract's constant, so comparing with that
// constant would pass whatever it held (the e2e foundation spec compares the page with the server's list).
const specChannels = {
  regional: 'barra rio sampa brasil portugal lisboa cascais porto america losangeles miami',
  relations: 'instafollow 25a35anos 35a45anos 45a55anos coroas traveler ajuda bar-do-johhnie ensemblemodels ganhedinheiro culturafrancesa',
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
    const order = [...document.querySelectorAll<HTMLElement>('section[data-testid^="channels-"]')].map((section) => section.dataset.testid);
    expect(order).toEqual(Object.keys(specChannels).map((category) => `channels-${category}`));
    expect(screen.getByTestId('channels-regional').querySelector('h2')).toHaveTextContent('Regionais');
  });

  it('sets the page title with the brand fallback', async () => {
    renderApp('/channels');
    await screen.findByRole('heading', { level: 1, name: 'Canais' });
    expect(document.title).toBe('Canais - Papo');
  });
});
