import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

describe('course store add', () => {
  it('says before and after creating that the store is not on the site until published, and leads to publishing it', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi((url, init) =>
      url.pathname === '/api/courseStore/add' && init.method === 'POST'
        ? json(201, { id: 12, slug: 'violao-facil', message: 'course_store_created' })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp('/courseAdd');
    const note = await screen.findByTestId('course-not-public', {}, { timeout: 5_000 });
    expect(note).toHaveTextContent('Uma loja nova não aparece no site');
    const submit = screen.getByRole('button', { name: 'Criar loja de cursos' });
    expect(submit).toHaveAccessibleDescription(/fica fora do ar até você marcar “Publicado” em Produtos/);

    await user.type(screen.getByLabelText(/^Nome/), 'Violão Fácil');
    await user.selectOptions(screen.getByLabelText(/^País/), 'br');
    await user.click(submit);
    expect(await screen.findByText('Loja de cursos criada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/courseStore/add')).toHaveLength(1);
    expect(screen.getByTestId('course-not-public')).toHaveTextContent('A loja foi criada, mas ainda não está no site.');
    expect(screen.getByRole('link', { name: 'Produtos e publicação' })).toHaveAttribute('href', '/shopEdit/12');
  });
});
