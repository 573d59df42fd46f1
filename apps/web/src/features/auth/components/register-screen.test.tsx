import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeToken, renderApp } from '../../../test/render-app';
import { json } from '../../../test/fake-api';
import { fakeApi, type Call } from '../test/fake-api';

const taken = new Set(['ana']);

function api(overrides: Record<string, (call: Call) => Response> = {}) {
  return fakeApi({
    'GET /api/check-username': ({ path }) => {
      const name = new URL(path, 'http://x').searchParams.get('username') ?? '';
      return json(200, taken.has(name) ? { available: false, reason: 'username_taken' } : { available: true });
    },
    'POST /api/signup': ({ body }) =>
      json(201, { username: (body as { username: string }).username, message: 'signup_success' }),
    'POST /api/confirmCode': ({ body }) =>
      (body as { code: string }).code === 'K7PQ'
        ? json(200, { message: 'account_verified' })
        : json(400, { message: 'invalid_code' }),
    'POST /api/resend-code': () => json(200, { message: 'code_sent' }),
    ...overrides,
  });
}

async function openForm() {
  const view = renderApp('/register');
  const form = await screen.findByTestId('register-form');
  return { ...view, form: within(form) };
}

async function fillForm(form: ReturnType<typeof within>, username = 'maria_silva') {
  await userEvent.type(form.getByLabelText('Nome'), 'Maria Silva');
  await userEvent.type(form.getByLabelText('E-mail'), 'maria@example.com');
  await userEvent.type(form.getByLabelText('Nome de usuário'), username);
  await userEvent.type(form.getByLabelText('Senha'), 'uma frase bem longa');
  await userEvent.click(form.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }));
}

describe('registration screen', () => {
  it('shows the username availability under the field and clears it below two characters', async () => {
    api();
    const { form } = await openForm();
    const username = form.getByLabelText('Nome de usuário');
    await userEvent.type(username, 'ana');
    expect(await form.findByText('Este nome de usuário já está em uso.')).toBeInTheDocument();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(username, 'bela');
    expect(await form.findByText('Este nome de usuário está disponível.')).toBeInTheDocument();
    expect(username).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(username);
    await userEvent.type(username, 'a');
    expect(form.queryByTestId('username-status')).not.toBeInTheDocument();
  });

  it('refuses to submit without a confirmed-available username and says why under the field', async () => {
    const calls = api();
    const { form } = await openForm();
    await fillForm(form, 'ana');
    await userEvent.click(form.getByRole('button', { name: 'Criar conta' }));
    const username = form.getByLabelText('Nome de usuário');
    expect(await form.findByText('Escolha um nome de usuário disponível.')).toBeInTheDocument();
    expect(username).toHaveFocus();
    expect(calls.callsTo('/api/signup')).toEqual([]);
  });

  it('checks every field before sending and links each message to its input', async () => {
    const calls = api();
    const { form } = await openForm();
    await userEvent.type(form.getByLabelText('E-mail'), 'not-an-email');
    await userEvent.type(form.getByLabelText('Senha'), 'short');
    await userEvent.click(form.getByRole('button', { name: 'Criar conta' }));
    const name = form.getByLabelText('Nome');
    expect(await form.findByText('Digite o seu nome.')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Digite o seu nome.');
    expect(form.getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Digite um e-mail válido, como nome@exemplo.com.',
    );
    expect(form.getByLabelText('Senha')).toHaveAccessibleDescription(/pelo menos 10 caracteres/);
    expect(form.getByRole('checkbox')).toHaveAccessibleDescription('Para criar a conta, aceite os termos de uso.');
    expect(calls.callsTo('/api/signup')).toEqual([]);
  });

  it('shows the server field errors of a 400 under each field', async () => {
    api({
      'POST /api/signup': () =>
        json(400, {
          message: 'validation_failed',
          errors: { email: ['email_taken'], password: ['password_too_common'] },
        }),
    });
    const { form } = await openForm();
    await fillForm(form);
    await userEvent.click(form.getByRole('button', { name: 'Criar conta' }));
    expect(await form.findByText('Já existe uma conta com este e-mail.')).toBeInTheDocument();
    expect(form.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Senha')).toHaveAccessibleDescription(/Esta senha é muito comum/);
    expect(form.getByLabelText('E-mail')).toHaveFocus();
  });

  it('signs up, then verifies the typed code and greets the member on /login', async () => {
    const calls = api();
    const { form, router } = await openForm();
    await fillForm(form);
    await userEvent.click(form.getByRole('button', { name: 'Criar conta' }));

    const step = within(await screen.findByTestId('verify-step'));
    expect(calls.callsTo('/api/signup')[0]?.body).toEqual({
      name: 'Maria Silva',
      email: 'maria@example.com',
      username: 'maria_silva',
      password: 'uma frase bem longa',
      acceptedTerms: true,
      language: 'pt',
    });
    expect(screen.queryByRole('link', { name: 'Entrar' })).not.toBeInTheDocument();
    const verify = step.getByRole('button', { name: 'Verificar' });
    expect(verify).toBeDisabled();
    expect(step.getByTestId('code-box-0')).toHaveFocus();

    await userEvent.keyboard('k7pX');
    expect(verify).toBeEnabled();
    await userEvent.click(verify);
    expect(await step.findByText('Código incorreto. Confira o e-mail e tente de novo.')).toBeInTheDocument();
    await waitFor(() => expect(step.getByTestId('code-box-0')).toHaveFocus());
    expect(step.getByTestId('code-box-0')).toHaveAccessibleDescription(
      'Código incorreto. Confira o e-mail e tente de novo.',
    );

    await userEvent.click(step.getByTestId('code-box-3'));
    await userEvent.keyboard('q');
    await userEvent.click(verify);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.callsTo('/api/confirmCode').at(-1)?.body).toEqual({ username: 'maria_silva', code: 'K7PQ' });
    expect(await screen.findByTestId('verified-banner')).toHaveTextContent('Conta confirmada!');
    expect(screen.getByLabelText('Nome de usuário ou e-mail')).toHaveValue('maria_silva');
    expect(localStorage.getItem('verified')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
  });

  it('signs in the browser that signed up when the answer carries a session, and opens the first channel', async () => {
    const token = fakeToken({ username: 'maria_silva', roles: ['ROLE_USER'], sub: '7' });
    const session = { token, refresh_token: 'r1', roles: ['ROLE_USER'], username: 'maria_silva', userId: 7 };
    api({ 'POST /api/confirmCode': () => json(200, { message: 'account_verified', session }) });
    const { router } = renderApp('/register?verify=maria_silva');
    const step = within(await screen.findByTestId('verify-step'));
    await userEvent.paste('K7PQ');
    await userEvent.click(step.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/barra'));
    expect(localStorage.getItem('username')).toBe('maria_silva');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ refresh_token: 'r1' });
    expect(localStorage.getItem('verified')).toBeNull();
  });

  it('explains a code step failure: expired, too many tries, or no answer at all', async () => {
    let answer = () => json(400, { message: 'code_expired' });
    api({ 'POST /api/confirmCode': () => answer() });
    renderApp('/register?verify=maria_silva');
    const step = within(await screen.findByTestId('verify-step'));
    await userEvent.paste('K7PQ');
    await userEvent.click(step.getByRole('button', { name: 'Verificar' }));
    expect(await step.findByRole('alert')).toHaveTextContent('Este código expirou. Peça um novo código.');
    answer = () => json(400, { message: 'code_attempts_exceeded' });
    await userEvent.click(step.getByRole('button', { name: 'Verificar' }));
    expect(await step.findByText('Tentativas demais com este código. Peça um novo código.')).toBeInTheDocument();
    answer = () => {
      throw new TypeError('offline');
    };
    await userEvent.click(step.getByRole('button', { name: 'Verificar' }));
    expect(await step.findByText('Não foi possível falar com o servidor. Tente de novo.')).toBeInTheDocument();
  });

  it('sends a new code on request and empties the boxes', async () => {
    const calls = api();
    renderApp('/register?verify=maria_silva');
    const step = within(await screen.findByTestId('verify-step'));
    await userEvent.paste('K7PQ');
    await userEvent.click(step.getByRole('button', { name: 'Enviar um novo código' }));
    expect(await step.findByText('Enviamos um novo código. O anterior deixou de valer.')).toBeInTheDocument();
    expect(calls.callsTo('/api/resend-code')[0]?.body).toEqual({ username: 'maria_silva' });
    expect(step.getByTestId('code-box-0')).toHaveValue('');
  });
});
