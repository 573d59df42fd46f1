import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ContactSentResponse } from '@papo/contract/contact';
import type { ErrorBody } from '@papo/contract/errors';
import { json, mockApi, route, type JsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

// the screen is a lazy chunk; under a full parallel run its first load can take longer than findBy's 1 s.
const firstLoad = { timeout: 5_000 };

/** POST /api/contact goes to `onContact`; any other call answers 404 (the layout's optional calls). */
function mockContactApi(onContact: () => Promise<JsonResponse<ContactSentResponse | ErrorBody>>) {
  const api = mockApi(route('POST', '/api/contact', onContact));
  return { contactCalls: () => api.calls('/api/contact') };
}

async function openForm() {
  renderApp('/contato');
  await screen.findByRole('heading', { level: 1, name: 'Contato' }, firstLoad);
  return {
    name: screen.getByRole('textbox', { name: /^Nome/ }),
    email: screen.getByRole('textbox', { name: /^E-mail/ }),
    subject: screen.getByRole('textbox', { name: /^Assunto/ }),
    message: screen.getByRole('textbox', { name: /^Mensagem/ }),
    send: screen.getByRole('button', { name: 'Enviar' }),
  };
}

describe('contact page', () => {
  it('marks name and message as required and hides the honeypot from people and assistive tech', async () => {
    const form = await openForm();
    expect(form.name).toBeRequired();
    expect(form.message).toBeRequired();
    expect(form.email).not.toBeRequired();
    expect(form.subject).not.toBeRequired();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(honeypot).not.toBeNull();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('textbox', { name: /campo em branco/ })).toBeNull();
    expect(document.title).toBe('Contato - Papo');
  });

  it('stops silently when the trimmed name or message is empty', async () => {
    const api = mockContactApi(async () => json(200, { message: 'contact_sent' }));
    const user = userEvent.setup();
    const form = await openForm();

    await user.type(form.name, '   ');
    await user.type(form.message, 'Olá!');
    await user.click(form.send);
    expect(form.name).toHaveFocus();

    await user.clear(form.message);
    await user.type(form.name, 'Ana');
    await user.type(form.message, '  \n ');
    await user.click(form.send);
    expect(form.message).toHaveFocus();

    expect(api.contactCalls()).toHaveLength(0);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('contact-status')).toBeEmptyDOMElement();
    expect(form.send).toBeEnabled();
  });

  it('sends form data, disables the button with a spinner while sending, then confirms and clears the fields', async () => {
    let answer: (response: Response) => void = () => {};
    const api = mockContactApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const form = await openForm();

    await user.type(form.name, 'Ana Souza');
    await user.type(form.email, 'ana@example.com');
    await user.type(form.subject, 'Dúvida');
    await user.type(form.message, 'Linha 1{Enter}Linha 2');
    await user.click(form.send);

    const sending = await screen.findByRole('button', { name: 'Enviando...' });
    expect(sending).toBeDisabled();
    expect(sending.querySelector('svg.animate-spin')).not.toBeNull();
    await user.click(sending);
    expect(api.contactCalls()).toHaveLength(1);

    const init = api.contactCalls()[0]?.init ?? {};
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect(Object.fromEntries(init.body as URLSearchParams)).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
      subject: 'Dúvida',
      message: 'Linha 1\nLinha 2',
      website: '',
    });

    answer(json(200, { message: 'contact_sent' }));
    expect(await screen.findByText('Sua mensagem foi enviada com sucesso!')).toBeInTheDocument();
    expect(screen.getByTestId('contact-status')).toHaveTextContent('Sua mensagem foi enviada com sucesso!');
    for (const field of [form.name, form.email, form.subject, form.message]) expect(field).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  });

  it('re-enables the button and shows the translated server error when sending fails, keeping the text', async () => {
    mockContactApi(async () => json(429, { message: 'too_many_requests' }));
    const user = userEvent.setup();
    const form = await openForm();
    await user.type(form.name, 'Ana');
    await user.type(form.message, 'Olá');
    await user.click(form.send);

    expect(await screen.findByRole('alert')).toHaveTextContent('Você enviou muitas mensagens em pouco tempo.');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    expect(form.name).toHaveValue('Ana');
    expect(form.message).toHaveValue('Olá');
    expect(screen.queryByText('Sua mensagem foi enviada com sucesso!')).toBeNull();
  });

  it('ties a field error from the server to its field', async () => {
    mockContactApi(async () => json(400, { message: 'validation_failed', errors: { subject: ['too_long'] } }));
    const user = userEvent.setup();
    const form = await openForm();
    await user.type(form.name, 'Ana');
    await user.type(form.subject, 'Assunto');
    await user.type(form.message, 'Olá');
    await user.click(form.send);

    expect(await screen.findByRole('alert')).toHaveTextContent('Verifique os campos destacados');
    expect(form.subject).toHaveAttribute('aria-invalid', 'true');
    expect(form.subject).toHaveAccessibleDescription('Este texto é longo demais.');
  });

  it('explains an unreachable server with the shared text', async () => {
    mockContactApi(() => Promise.reject(new TypeError('offline')));
    const user = userEvent.setup();
    const form = await openForm();
    await user.type(form.name, 'Ana');
    await user.type(form.message, 'Olá');
    await user.click(form.send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível falar com o servidor.');
  });

  it('checks the e-mail address before sending', async () => {
    const api = mockContactApi(async () => json(200, { message: 'contact_sent' }));
    const user = userEvent.setup();
    const form = await openForm();
    await user.type(form.name, 'Ana');
    await user.type(form.email, 'ana@');
    await user.type(form.message, 'Olá');
    await user.click(form.send);

    await waitFor(() =>
      expect(form.email).toHaveAccessibleDescription('Informe um e-mail válido, como nome@exemplo.com.'),
    );
    expect(form.email).toHaveFocus();
    expect(api.contactCalls()).toHaveLength(0);

    await user.type(form.email, 'example.com');
    expect(form.email).not.toHaveAttribute('aria-invalid');
    await user.click(form.send);
    expect(await screen.findByText('Sua mensagem foi enviada com sucesso!')).toBeInTheDocument();
    expect(api.contactCalls()).toHaveLength(1);
  });
});
