import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, renderApp, signIn } from '../../../test/render-app';
import { json } from '../../../test/fake-api';
import { fakeApi } from '../test/fake-api';
import { readSignedOutNotice, storeSignedOutNotice } from '../../../lib/signed-out-notice';

const token = fakeToken({ username: 'maria_silva', roles: ['ROLE_USER'] });
const loginAnswer = { token, refresh_token: 'r1', roles: ['ROLE_USER'], username: 'maria_silva', userId: 4 };

async function openLogin() {
  const view = renderApp('/login');
  const form = within(await screen.findByTestId('login-form'));
  return { ...view, form };
}

describe('login screen', () => {
  it('has a title, labelled fields with autocomplete, and links to register and forgot password', async () => {
    fakeApi({});
    const { form } = await openLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Entrar' })).toBeInTheDocument();
    expect(form.getByLabelText('Nome de usuário ou e-mail')).toHaveAttribute('autocomplete', 'username');
    expect(form.getByLabelText('Senha')).toHaveAttribute('autocomplete', 'current-password');
    expect(form.getByLabelText('Senha')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Crie a sua grátis' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Esqueceu a senha?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('asks for both fields before calling the server', async () => {
    const api = fakeApi({});
    const { form } = await openLogin();
    await userEvent.click(form.getByRole('button', { name: 'Entrar' }));
    expect(form.getByLabelText('Nome de usuário ou e-mail')).toHaveAccessibleDescription('Digite um nome de usuário.');
    expect(form.getByLabelText('Senha')).toHaveAccessibleDescription('Digite a senha.');
    expect(form.getByLabelText('Nome de usuário ou e-mail')).toHaveFocus();
    expect(api.callsTo('/api/login_check')).toEqual([]);
  });

  it('disables the button with a spinner while signing in, stores the session and goes to /profile', async () => {
    let answer: (response: Response) => void = () => {};
    const api = fakeApi({ 'POST /api/login_check': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { form, router } = await openLogin();
    await userEvent.type(form.getByLabelText('Nome de usuário ou e-mail'), 'maria_silva');
    await userEvent.type(form.getByLabelText('Senha'), 'uma frase bem longa{Enter}');
    const button = form.getByRole('button', { name: /Entrar/ });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveTextContent('Enviando…');
    expect(api.callsTo('/api/login_check')[0]?.body).toEqual({
      username: 'maria_silva',
      password: 'uma frase bem longa',
    });
    answer(json(200, loginAnswer));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toEqual(loginAnswer);
    expect(localStorage.getItem('userRoles')).toBe('["ROLE_USER"]');
    expect(localStorage.getItem('userId')).toBe('4');
  });

  it('translates the server message of a failed sign-in and empties the password', async () => {
    fakeApi({ 'POST /api/login_check': () => json(401, { message: 'invalid_credentials' }) });
    const { form } = await openLogin();
    await userEvent.type(form.getByLabelText('Nome de usuário ou e-mail'), 'maria_silva');
    await userEvent.type(form.getByLabelText('Senha'), 'errada errada{Enter}');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Nome de usuário ou senha incorretos.');
    expect(form.getByLabelText('Senha')).toHaveValue('');
    expect(form.getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('offers the code step to an account that was never confirmed', async () => {
    fakeApi({ 'POST /api/login_check': () => json(403, { message: 'account_not_verified' }) });
    const { form } = await openLogin();
    await userEvent.type(form.getByLabelText('Nome de usuário ou e-mail'), 'maria_silva');
    await userEvent.type(form.getByLabelText('Senha'), 'uma frase bem longa{Enter}');
    const alert = await screen.findByTestId('login-error');
    expect(within(alert).getByRole('link', { name: 'Confirmar a conta com o código' })).toHaveAttribute(
      'href',
      '/register?verify=maria_silva',
    );
  });

  it('shows the account-verified banner once, with the username filled in', async () => {
    fakeApi({});
    localStorage.setItem('verified', 'true');
    localStorage.setItem('username', 'maria_silva');
    await openLogin();
    // read once the screen is mounted (the server renders /login without localStorage).
    expect(await screen.findByTestId('verified-banner')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Nome de usuário ou e-mail')).toHaveValue('maria_silva');
    expect(localStorage.getItem('verified')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
  });

  it('says why the server signed this tab out, until the next sign-in', async () => {
    fakeApi({ 'POST /api/login_check': () => json(200, loginAnswer) });
    storeSignedOutNotice('password_changed');
    const { form } = await openLogin();
    expect(await screen.findByTestId('signed-out-banner')).toHaveTextContent(
      'A senha da conta foi alterada. Entre com a nova senha.',
    );
    await userEvent.type(form.getByLabelText('Nome de usuário ou e-mail'), 'maria_silva');
    await userEvent.type(form.getByLabelText('Senha'), 'uma frase bem longa{Enter}');
    await waitFor(() => expect(readSignedOutNotice()).toBeNull());
  });

  it('sends a member who is already signed in to /profile', async () => {
    fakeApi({});
    signIn(['ROLE_USER']);
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
