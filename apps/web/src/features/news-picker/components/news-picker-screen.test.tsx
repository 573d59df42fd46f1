import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

describe('news picker', () => {
  it('checks the search with the contract’s schema: an empty subject is said beside the field and nothing is asked', async () => {
    signIn(['ROLE_ADMIN'], 'editora');
    const api = mockApi((url) => (url.pathname === '/api/newsPicker' ? json(200, { results: [] }) : undefined));
    const user = userEvent.setup();
    renderApp('/newsPicker');
    const subject = await screen.findByRole('searchbox', { name: 'Assunto' }, { timeout: 15_000 });
    await user.type(subject, '   ');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escreva um assunto para buscar.');
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('/api/newsPicker')).toEqual([]);

    await user.type(subject, 'chuva');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(api.calls('/api/newsPicker')).toHaveLength(1));
    expect(api.calls('/api/newsPicker')[0]?.url.searchParams.get('query')).toBe('chuva');
    expect(subject).not.toHaveAttribute('aria-invalid');
  });
});
