import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { json } from '../../../test/fake-api';
import { fakeApi } from '../test/fake-api';

describe('forgot password', () => {
  it('checks the e-mail, sends it and gives the same answer whether or not it has an account', async () => {
    const api = fakeApi({ 'POST /api/forgot-password': () => json(200, { message: 'reset_link_sent' }) });
    renderApp('/forgot-password');
    const email = await screen.findByLabelText('E-mail');
    await userEvent.type(email, 'maria@{Enter}');
    expect(email).toHaveAccessibleDescription('Digite um e-mail válido, como nome@exemplo.com.');
    expect(api.calls.filter((call) => call.path === '/api/forgot-password')).toEqual([]);
    await userEvent.type(email, 'example.com{Enter}');
    expect(await screen.findByTestId('forgot-sent')).toHaveTextContent('maria@example.com');
    expect(api.callsTo('/api/forgot-password')[0]?.body).toEqual({ email: 'maria@example.com' });
  });
});

describe('reset password', () => {
  it('sends the token with the new password once both entries match', async () => {
    const api = fakeApi({ 'POST /api/reset-password': () => json(200, { message: 'password_reset' }) });
    renderApp('/reset-password?token=abc123');
    const password = await screen.findByLabelText('Nova senha');
    await userEvent.type(password, 'uma frase nova e longa');
    await userEvent.type(screen.getByLabelText('Repita a nova senha'), 'uma frase nova e curta{Enter}');
    expect(screen.getByLabelText('Repita a nova senha')).toHaveAccessibleDescription('As duas senhas não são iguais.');
    await userEvent.clear(screen.getByLabelText('Repita a nova senha'));
    await userEvent.type(screen.getByLabelText('Repita a nova senha'), 'uma frase nova e longa{Enter}');
    expect(await screen.findByTestId('reset-done')).toBeInTheDocument();
    expect(api.callsTo('/api/reset-password')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Ir para o login' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('/api/reset-password')[0]?.body).toEqual({
      token: 'abc123',
      password: 'uma frase nova e longa',
    });
  });

  it('shows the password rules of the server under the field', async () => {
    fakeApi({
      'POST /api/reset-password': () =>
        json(400, { message: 'validation_failed', errors: { password: ['password_too_common'] } }),
    });
    renderApp('/reset-password?token=abc123');
    const password = await screen.findByLabelText('Nova senha');
    await userEvent.type(password, 'password123');
    await userEvent.type(screen.getByLabelText('Repita a nova senha'), 'password123{Enter}');
    expect(await screen.findByText(/Esta senha é muito comum/)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains a used or expired link and offers a new one', async () => {
    fakeApi({ 'POST /api/reset-password': () => json(400, { message: 'invalid_reset_token' }) });
    renderApp('/reset-password?token=used');
    await userEvent.type(await screen.findByLabelText('Nova senha'), 'uma frase nova e longa');
    await userEvent.type(screen.getByLabelText('Repita a nova senha'), 'uma frase nova e longa{Enter}');
    const alert = await screen.findByTestId('reset-bad-link');
    expect(alert).toHaveTextContent('inválido, já foi usado ou expirou');
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('says the link is broken when it carries no token', async () => {
    fakeApi({});
    renderApp('/reset-password');
    expect(await screen.findByTestId('reset-bad-link')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByLabelText('Nova senha')).not.toBeInTheDocument();
  });
});
