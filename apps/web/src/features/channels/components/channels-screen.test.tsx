import { channelCategories, channelCategoryOrder } from '@papo/contract/channels';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

describe('channels page', () => {
  it('lists 34 channels in four sections, in the spec order, each linking to /<name>', async () => {
    renderApp('/channels');
    await screen.findByRole('heading', { level: 1, name: 'Canais' });
    let total = 0;
    for (const category of channelCategoryOrder) {
      const section = screen.getByTestId(`channels-${category}`);
      expect(section.tagName).toBe('SECTION');
      expect(within(section).getByRole('heading', { level: 2 })).toBeInTheDocument();
      const links = within(section).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual(channelCategories[category].map((name) => `#${name}`));
      expect(links.map((link) => link.getAttribute('href'))).toEqual(channelCategories[category].map((name) => `/${name}`));
      total += links.length;
    }
    expect(total).toBe(34);
    expect(screen.getByTestId('channels-regional').querySelector('h2')).toHaveTextContent('Regionais');
  });

  it('sets the page title with the brand fallback', async () => {
    renderApp('/channels');
    await screen.findByRole('heading', { level: 1, name: 'Canais' });
    expect(document.title).toBe('Canais - Papo');
  });
});
