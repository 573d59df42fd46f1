import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, setViewportWidth } from '../../test/render-app';

async function openMenu() {
  const button = await screen.findByTestId('mobile-menu-button');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveAccessibleName('Abrir menu');
  await userEvent.click(button);
  // the drawer's chunk loads on the first press (default-layout.tsx).
  return { button, menu: await screen.findByTestId('mobile-menu') };
}

describe('mobile menu', () => {
  it('opens as a modal dialog with every public section, the five main ones first, and the language switcher', async () => {
    setViewportWidth(360);
    renderApp('/');
    const { button, menu } = await openMenu();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(menu).toHaveAttribute('role', 'dialog');
    expect(menu).toHaveAttribute('aria-modal', 'true');
    const nav = within(menu).getByRole('navigation');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/blog',
      '/shop',
      '/courses',
      '/channels',
      '/videos',
      '/lyrics',
      '/music',
      '/photos',
      '/bio',
      '/extraIncome',
      '/cryptos',
    ]);
    expect(within(menu).getByTestId('language-switcher')).toBeInTheDocument();
    expect(menu).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape and gives focus back to the button', async () => {
    setViewportWidth(360);
    renderApp('/');
    const { button } = await openMenu();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();
    // the shared Dialog gives focus back on the next task after unmounting.
    await waitFor(() => expect(button).toHaveFocus());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('navigates and closes when a link is followed', async () => {
    setViewportWidth(360);
    const { router } = renderApp('/');
    const { menu } = await openMenu();
    await userEvent.click(within(menu).getByRole('link', { name: 'Canais' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/channels'));
    expect(screen.queryByTestId('mobile-menu')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Canais' })).toBeInTheDocument();
  });

  it('keeps Tab inside the open menu', async () => {
    setViewportWidth(360);
    renderApp('/');
    const { menu } = await openMenu();
    for (let step = 0; step < 15; step += 1) {
      await userEvent.tab();
      expect(menu).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
