import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderProfile } from '../test/render-profile';

const account = () => screen.getByRole('region', { name: 'Dados da conta' });

function valueOf(label: string): string {
  const term = within(account()).getByText(label, { selector: 'dt' });
  return term.closest('div')?.querySelector('dd span')?.textContent ?? '';
}

describe('gender and language dialogs', () => {
  it('opens a labelled modal radio group with focus on the current choice, and traps Tab', async () => {
    const { user } = await renderProfile();
    await user.click(within(account()).getByRole('button', { name: 'Alterar gênero' }));

    const dialog = screen.getByRole('dialog', { name: 'Escolha o gênero' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const group = within(dialog).getByRole('radiogroup', { name: 'Escolha o gênero' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Masculino', 'Feminino', 'Não binário', 'Genderqueer', 'Outro', 'Prefiro não dizer']);
    expect(within(group).getByRole('radio', { name: 'Feminino' })).toHaveFocus();

    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Salvar' })).toHaveFocus();
  });

  it('closes on Escape and on Cancel without saving, giving focus back to its button', async () => {
    const { api, user } = await renderProfile();
    const opener = within(account()).getByRole('button', { name: 'Alterar gênero' });
    await user.click(opener);
    await user.click(screen.getByRole('radio', { name: 'Outro' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();

    await user.click(opener);
    expect(screen.getByRole('radio', { name: 'Feminino' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(api.changes()).toEqual([]);
    expect(valueOf('Gênero')).toBe('Feminino');
  });

  it('saves the chosen gender and shows it', async () => {
    const { api, user } = await renderProfile();
    await user.click(within(account()).getByRole('button', { name: 'Alterar gênero' }));
    await user.click(screen.getByRole('radio', { name: 'Não binário' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.changes()).toEqual([{ method: 'POST', path: '/api/update-gender', body: { gender: 'non_binary' } }]);
    expect(valueOf('Gênero')).toBe('Não binário');
    expect(await screen.findByText('Gênero atualizado.')).toBeInTheDocument();
  });

  it('keeps the dialog open and shows a short message when saving fails', async () => {
    const { api, user } = await renderProfile();
    api.failNext('POST /api/update-gender', 500, { message: 'internal_error' });
    await user.click(within(account()).getByRole('button', { name: 'Alterar gênero' }));
    await user.click(screen.getByRole('radio', { name: 'Outro' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Algo deu errado do nosso lado. Tente novamente.');
    expect(toast.closest('[aria-live="polite"]')).not.toBeNull();
    expect(screen.getByRole('dialog', { name: 'Escolha o gênero' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled();
    // the page behind a modal dialog is hidden from assistive technology until it closes.
    await user.keyboard('{Escape}');
    expect(valueOf('Gênero')).toBe('Feminino');
  });

  it('tells the member when the server cannot be reached', async () => {
    const { api, user } = await renderProfile();
    api.failNext('POST /api/update-language', 0);
    await user.click(within(account()).getByRole('button', { name: 'Alterar idioma' }));
    await user.click(screen.getByRole('radio', { name: 'Español' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Não foi possível falar com o servidor.');
    expect(document.documentElement.lang).toBe('pt');
  });

  it('saves the language and switches the interface to it', async () => {
    const { api, user } = await renderProfile();
    await user.click(within(account()).getByRole('button', { name: 'Alterar idioma' }));
    const dialog = screen.getByRole('dialog', { name: 'Escolha o idioma' });
    expect(within(dialog).getByRole('radio', { name: 'Português' })).toHaveFocus();
    await user.click(within(dialog).getByRole('radio', { name: 'English' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(api.changes()).toEqual([{ method: 'POST', path: '/api/update-language', body: { language: 'en' } }]);
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('user-language')).toBe('en');

    expect(await screen.findByText('Language updated.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Account details' })).toHaveTextContent('English');
  });
});
