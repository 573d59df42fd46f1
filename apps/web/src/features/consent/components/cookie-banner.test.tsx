import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

describe('cookie banner', () => {
  it('is a labelled region until the visitor accepts, then stores accepted=true', async () => {
    renderApp('/');
    const banner = await screen.findByTestId('cookie-banner');
    expect(banner).toHaveAccessibleName('Consentimento de cookies');
    expect(screen.getByRole('region', { name: 'Consentimento de cookies' })).toBe(banner);
    await userEvent.click(screen.getByTestId('cookie-accept'));
    expect(document.cookie).toContain('accepted=true');
    await waitFor(() => expect(screen.queryByTestId('cookie-banner')).not.toBeInTheDocument());
  });

  it('stores accepted=false on decline and stays hidden on the next visit', async () => {
    const first = renderApp('/');
    await userEvent.click(await screen.findByTestId('cookie-decline'));
    expect(document.cookie).toContain('accepted=false');
    first.unmount();
    renderApp('/channels');
    await screen.findByRole('heading', { level: 1, name: 'Canais' });
    expect(screen.queryByTestId('cookie-banner')).not.toBeInTheDocument();
  });
});
