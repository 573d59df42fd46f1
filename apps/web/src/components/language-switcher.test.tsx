import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, setViewportWidth } from '../test/render-app';

describe('language switcher', () => {
  it('offers the four languages under their own names, with an accessible label', async () => {
    renderApp('/channels');
    const select = await screen.findByTestId('language-switcher');
    expect(select).toHaveAccessibleName('Idioma');
    const options = within(select).getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['pt', 'Português'],
      ['en', 'English'],
      ['fr', 'Français'],
      ['es', 'Español'],
    ]);
  });

  it('switches the interface, stores the choice and updates <html lang>', async () => {
    renderApp('/channels');
    expect(document.documentElement.lang).toBe('pt');
    await userEvent.selectOptions(await screen.findByTestId('language-switcher'), 'fr');
    expect(localStorage.getItem('user-language')).toBe('fr');
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    expect(within(nav).getByRole('link', { name: 'Salons' })).toHaveAttribute('href', '/channels');
    expect(screen.getByRole('heading', { level: 1, name: 'Salons' })).toBeInTheDocument();
  });

  it('names the channels link in each language', async () => {
    renderApp('/');
    const expected = { pt: 'Canais', en: 'Channels', fr: 'Salons', es: 'Canales' };
    for (const [language, label] of Object.entries(expected)) {
      await userEvent.selectOptions(await screen.findByTestId('language-switcher'), language);
      await waitFor(() => expect(document.documentElement.lang).toBe(language));
      const nav = screen.getByRole('navigation', { name: /navega|navigation/i });
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', '/channels');
    }
  });

  it('sits in the mobile menu, not the header, below 1024 px', async () => {
    setViewportWidth(360);
    renderApp('/');
    await screen.findByTestId('mobile-menu-button');
    expect(screen.queryByTestId('language-switcher')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('mobile-menu-button'));
    const menu = await screen.findByTestId('mobile-menu');
    expect(within(menu).getByTestId('language-switcher')).toBeInTheDocument();
    expect(screen.getAllByTestId('language-switcher')).toHaveLength(1);
  });
});
