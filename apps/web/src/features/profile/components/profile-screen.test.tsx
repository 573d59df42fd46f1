import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../../test/render-app';
import { buildProfile, installFakeApi } from '../test/fake-api';
import { renderProfile } from '../test/render-profile';

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

function fact(container: HTMLElement, label: string): string {
  const term = within(container).getByText(label, { selector: 'dt, dt *' });
  return term.closest('div')?.querySelector('dd')?.textContent?.trim() ?? '';
}

describe('profile screen', () => {
  it('shows every field of the profile', async () => {
    await renderProfile({ roles: ['ROLE_USER', 'ROLE_MODERATOR'] });
    expect(document.title).toBe('Perfil - Papo');
    expect(screen.getByRole('heading', { level: 1, name: 'Perfil' })).toBeInTheDocument();

    const summary = section('Maria Silva');
    expect(within(summary).getByText('@maria_silva')).toBeInTheDocument();
    expect(within(summary).getByRole('img', { name: 'Foto de perfil de Maria Silva' })).toHaveAttribute(
      'src',
      '/uploads/profile/abc.webp',
    );
    expect(within(summary).getByText('Ativo')).toBeInTheDocument();
    expect(within(summary).getByLabelText('Alterar foto')).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/gif,image/webp',
    );
    expect(within(summary).getByText('SVG, PNG, JPG ou GIF (máx. 800x400px)')).toBeInTheDocument();

    const account = section('Dados da conta');
    expect(fact(account, 'ID')).toBe('42');
    expect(fact(account, 'E-mail')).toBe('maria@example.com');
    expect(fact(account, 'Membro desde')).toBe('5 de março de 2024');
    expect(fact(account, 'Saldo de moedas')).toBe('1.250');
    expect(fact(account, 'Idioma')).toMatch(/^Português/);
    expect(fact(account, 'Gênero')).toMatch(/^Feminino/);
    expect(
      within(account)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Membro', 'Moderador']);

    const about = section('Sobre você');
    expect(fact(about, 'Data de nascimento')).toBe('04/07/1990');
    expect(within(about).getByRole('link', { name: /@maria\.silva/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/maria.silva/',
    );
    expect(within(about).getByRole('link', { name: /@mariasilva/ })).toHaveAttribute(
      'href',
      'https://www.youtube.com/@mariasilva',
    );

    expect(screen.getByRole('textbox', { name: 'Mensagem de boas-vindas' })).toHaveValue('Olá, sejam bem-vindos!');
    expect(screen.getByText('22 de 500 caracteres')).toBeInTheDocument();

    const nicknames = section('Apelidos');
    expect(within(nicknames).getByRole('radio', { name: /maria_silva/ })).toBeChecked();
    expect(within(nicknames).getByRole('radio', { name: 'mariazinha' })).not.toBeChecked();
  });

  it('hides the set-once inputs once their values are set', async () => {
    await renderProfile();
    const about = section('Sobre você');
    expect(within(about).queryByRole('textbox')).toBeNull();
    expect(within(about).queryByLabelText('Data de nascimento')).toBeNull();
    expect(within(about).queryByRole('button')).toBeNull();
    expect(within(about).queryByText(/só pode ser informado uma vez/)).toBeNull();
  });

  it('offers the inputs and the no-birthday text while the values are empty', async () => {
    await renderProfile({
      birthday: null,
      instagram: null,
      youtube: null,
      profileImage: null,
      gender: null,
      roles: [],
    });
    const about = section('Sobre você');
    expect(within(about).getByText('Data de nascimento não informada')).toBeInTheDocument();
    expect(within(about).getByLabelText('Data de nascimento')).toHaveAttribute('type', 'date');
    expect(within(about).getByRole('textbox', { name: 'Instagram' })).toHaveValue('');
    expect(within(about).getByRole('textbox', { name: 'YouTube' })).toHaveValue('');
    expect(within(about).getAllByRole('button', { name: /^Salvar/ })).toHaveLength(3);
    expect(within(section('Maria Silva')).queryByRole('img')).toBeNull();
    expect(within(section('Maria Silva')).getByText('MS')).toBeInTheDocument();
    expect(fact(section('Dados da conta'), 'Gênero')).toMatch(/^Não informado/);
    expect(fact(section('Dados da conta'), 'Funções')).toBe('Nenhuma função atribuída');
  });

  it('sets the birthday once and then shows it as day/month/year', async () => {
    const { api, user } = await renderProfile({ birthday: null });
    const about = section('Sobre você');
    await user.type(within(about).getByLabelText('Data de nascimento'), '2001-12-25');
    await user.click(within(about).getByRole('button', { name: 'Salvar Data de nascimento' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Salvar Data de nascimento para sempre?' });
    expect(within(confirm).getByTestId('set-once-value')).toHaveTextContent('25/12/2001');
    expect(api.changes()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Sim, salvar' }));

    await waitFor(() => expect(fact(about, 'Data de nascimento')).toBe('25/12/2001'));
    expect(api.changes()).toEqual([{ method: 'POST', path: '/api/update-birthday', body: { birthday: '2001-12-25' } }]);
    expect(within(about).queryByLabelText('Data de nascimento')).toBeNull();
    expect(await screen.findByText('Data de nascimento salva.')).toBeInTheDocument();
  });

  it('explains a refused birthday next to its input and keeps it editable', async () => {
    const { api, user } = await renderProfile({ birthday: null });
    api.failNext('POST /api/update-birthday', 400, {
      message: 'validation_failed',
      errors: { birthday: ['too_young'] },
    });
    const about = section('Sobre você');
    const input = within(about).getByLabelText('Data de nascimento');
    await user.type(input, '2020-01-01');
    await user.click(within(about).getByRole('button', { name: 'Salvar Data de nascimento' }));
    await user.click(screen.getByRole('button', { name: 'Sim, salvar' }));

    expect(await within(about).findByRole('alert')).toHaveTextContent('É preciso ter pelo menos 13 anos.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveValue('2020-01-01');
  });

  it('stores Instagram as the server normalised it and links to it', async () => {
    const { api, user } = await renderProfile({ instagram: null });
    const about = section('Sobre você');
    await user.type(within(about).getByRole('textbox', { name: 'Instagram' }), '@Maria.Silva');
    await user.click(within(about).getByRole('button', { name: 'Salvar Instagram' }));
    await user.click(screen.getByRole('button', { name: 'Voltar e corrigir' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.changes()).toEqual([]);
    expect(within(about).getByRole('textbox', { name: 'Instagram' })).toHaveValue('@Maria.Silva');
    await user.click(within(about).getByRole('button', { name: 'Salvar Instagram' }));
    expect(within(screen.getByRole('alertdialog')).getByTestId('set-once-value')).toHaveTextContent('@Maria.Silva');
    await user.click(screen.getByRole('button', { name: 'Sim, salvar' }));
    const link = await within(about).findByRole('link', { name: /^@maria\.silva/ });
    expect(link).toHaveAttribute('href', 'https://www.instagram.com/maria.silva/');
    expect(within(about).queryByRole('textbox', { name: 'Instagram' })).toBeNull();
    expect(api.changes()[0]).toEqual({
      method: 'POST',
      path: '/api/update-instagram',
      body: { instagram: '@Maria.Silva' },
    });
  });

  it('shows a loading state, then an error with a retry that recovers', async () => {
    signIn(['ROLE_USER']);
    const api = installFakeApi(buildProfile());
    const release = api.holdNext('GET /api/userprofile');
    api.failNext('GET /api/userprofile', 404, { message: 'user_not_found' });
    const user = userEvent.setup();
    renderApp('/profile');
    expect(await screen.findByText('Carregando seu perfil...')).toBeInTheDocument();
    release();

    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível carregar seu perfil agora.');
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Maria Silva' })).toBeInTheDocument();
    expect(screen.queryByText('Não foi possível carregar seu perfil agora.')).toBeNull();
  });

  it("sends the member to /login on a 401 'JWT Token not found'", async () => {
    signIn(['ROLE_USER']);
    const api = installFakeApi(buildProfile());
    api.failNext('GET /api/userprofile', 401, { message: 'JWT Token not found' });
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
