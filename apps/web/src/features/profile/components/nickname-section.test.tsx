import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { nickname } from '../test/fake-api';
import { renderProfile } from '../test/render-profile';

const nicknames = () => screen.getByRole('region', { name: 'Apelidos' });
const radioNames = () =>
  within(nicknames())
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);

describe('nicknames on the profile', () => {
  it('marks the selected nickname as current and moves the mark when another is chosen', async () => {
    const { api, user } = await renderProfile();
    expect(radioNames()).toEqual(['maria_silvaatual', 'mariazinha']);

    await user.click(within(nicknames()).getByRole('radio', { name: 'mariazinha' }));

    expect(within(nicknames()).getByRole('radio', { name: /mariazinha/ })).toBeChecked();
    expect(api.changes()).toEqual([{ method: 'POST', path: '/api/select-nickname', body: { nicknameId: 2 } }]);
    expect(await screen.findByText('Agora você usa o apelido mariazinha.')).toBeInTheDocument();
    await waitFor(() => expect(radioNames()).toEqual(['maria_silva', 'mariazinhaatual']));
  });

  it('moves the radio in the same event, before the server answers', async () => {
    const { api, user } = await renderProfile();
    const release = api.holdNext('POST /api/select-nickname');
    await user.click(within(nicknames()).getByRole('radio', { name: 'mariazinha' }));
    expect(radioNames()).toEqual(['maria_silva', 'mariazinhaatual']);
    expect(within(nicknames()).getByRole('radio', { name: /mariazinha/ })).toBeChecked();
    release();
    expect(await screen.findByText('Agora você usa o apelido mariazinha.')).toBeInTheDocument();
    expect(within(nicknames()).getByRole('radio', { name: /mariazinha/ })).toBeChecked();
  });

  it('puts the selection back and says why when selecting fails', async () => {
    const { api, user } = await renderProfile();
    api.failNext('POST /api/select-nickname', 404, { message: 'nickname_not_found' });
    await user.click(within(nicknames()).getByRole('radio', { name: 'mariazinha' }));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Este apelido não existe mais. Recarregue a página.');
    expect(toast).toHaveAttribute('data-tone', 'error');
    expect(within(nicknames()).getByRole('radio', { name: /maria_silva/ })).toBeChecked();
  });

  it('adds a nickname and lists it unselected', async () => {
    const { api, user } = await renderProfile();
    const input = within(nicknames()).getByRole('textbox', { name: 'Novo apelido' });
    await user.type(input, 'mary_s');
    await user.click(within(nicknames()).getByRole('button', { name: 'Adicionar' }));

    expect(await within(nicknames()).findByRole('radio', { name: 'mary_s' })).not.toBeChecked();
    expect(api.changes()).toEqual([{ method: 'POST', path: '/api/nicknames', body: { nickname: 'mary_s' } }]);
    expect(input).toHaveValue('');
    expect(await screen.findByText('Apelido mary_s registrado.')).toBeInTheDocument();
  });

  it.each([
    [
      409,
      { message: 'nickname_taken', errors: { nickname: ['nickname_taken'] } },
      'Este apelido já está em uso. Escolha outro.',
    ],
    [400, { message: 'nickname_limit' }, 'Você já atingiu o limite de apelidos.'],
    [
      400,
      { message: 'validation_failed', errors: { nickname: ['invalid_nickname'] } },
      'Use de 2 a 30 letras, números, _ ou -, sem espaços.',
    ],
  ])('explains a refused nickname (%s %o) under the input', async (status, body, text) => {
    const { api, user } = await renderProfile();
    api.failNext('POST /api/nicknames', status, body);
    const input = within(nicknames()).getByRole('textbox', { name: 'Novo apelido' });
    await user.type(input, 'maria');
    await user.click(within(nicknames()).getByRole('button', { name: 'Adicionar' }));

    expect(await within(nicknames()).findByRole('alert')).toHaveTextContent(text);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('maria');
  });

  it('checks the characters before calling the server', async () => {
    const { api, user } = await renderProfile();
    await user.type(within(nicknames()).getByRole('textbox', { name: 'Novo apelido' }), 'maria silva!');
    await user.click(within(nicknames()).getByRole('button', { name: 'Adicionar' }));
    expect(await within(nicknames()).findByRole('alert')).toHaveTextContent(
      'Use de 2 a 30 letras, números, _ ou -, sem espaços.',
    );

    const input = within(nicknames()).getByRole('textbox', { name: 'Novo apelido' });
    await user.clear(input);
    expect(within(nicknames()).queryByRole('alert')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
    await user.click(within(nicknames()).getByRole('button', { name: 'Adicionar' }));
    expect(within(nicknames()).getByRole('alert')).toHaveTextContent('Digite um apelido.');
    await user.type(input, 'm');
    expect(within(nicknames()).queryByRole('alert')).toBeNull();
    expect(api.changes()).toEqual([]);
  });

  it('stops offering to add at five nicknames', async () => {
    await renderProfile({
      nicknames: [1, 2, 3, 4, 5].map((id) => nickname(id, id === 1 ? 'maria_silva' : `maria${id}`, id === 1)),
    });
    expect(within(nicknames()).getByRole('textbox', { name: 'Novo apelido' })).toBeDisabled();
    expect(within(nicknames()).getByRole('button', { name: 'Adicionar' })).toBeDisabled();
    expect(
      within(nicknames()).getByText('Você já tem 5 apelidos. Remova um para registrar outro.'),
    ).toBeInTheDocument();
  });

  it('removes a nickname, but never the current one nor the username', async () => {
    const { api, user } = await renderProfile({
      nicknames: [nickname(1, 'maria_silva', false), nickname(2, 'mariazinha', true), nickname(3, 'mary', false)],
    });
    const removeButtons = within(nicknames()).getAllByRole('button', { name: /^Remover o apelido/ });
    expect(removeButtons.map((button) => button.getAttribute('aria-label'))).toEqual(['Remover o apelido mary']);

    await user.click(removeButtons[0]!);
    await waitFor(() => expect(within(nicknames()).queryByRole('radio', { name: 'mary' })).toBeNull());
    expect(api.changes()).toEqual([{ method: 'DELETE', path: '/api/nicknames/3', body: null }]);
    expect(await screen.findByText('Apelido mary removido.')).toBeInTheDocument();
  });

  it('keeps a nickname the server would not remove and says why', async () => {
    const { api, user } = await renderProfile();
    api.failNext('DELETE /api/nicknames/2', 400, { message: 'cannot_remove_selected' });
    await user.click(within(nicknames()).getByRole('button', { name: 'Remover o apelido mariazinha' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Não é possível remover o apelido em uso.');
    expect(within(nicknames()).getByRole('radio', { name: 'mariazinha' })).toBeInTheDocument();
  });
});
