import type { ContactDetail } from '@papo/contract/contact';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '../../../test/render-app';
import { json, mockApi, type Route } from '../../../test/fake-api';
import { detail } from '../test/mailbox-api';

// the screen is a lazy chunk; under a full parallel run its first load can take longer than findBy's 1 s.
const firstLoad = { timeout: 5_000 };

const original = detail(7, {
  name: 'Ana Souza',
  email: 'ana@example.com',
  subject: 'Dúvida sobre o #barra',
  message: 'Olá,\n\ncomo viro operador?\n<b>obrigada</b>',
  date: '2026-11-20T15:30:00.000Z',
});

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('pt', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

/** GET /api/contacts/7 answers `contact`; POST …/reply answers `onReply` and, when it succeeds, records the reply. */
function contactRoutes(
  onReply: (body: unknown) => Response | Promise<Response> = () =>
    json(200, { message: 'reply_sent', repliedAt: '2026-11-21T10:00:00.000Z' }),
): Route {
  let contact: ContactDetail = original;
  return async (url, init) => {
    if (url.pathname === '/api/contacts/7' && (init.method ?? 'GET') === 'GET') return json(200, contact);
    if (url.pathname !== '/api/contacts/7/reply') return undefined;
    const body = JSON.parse(String(init.body)) as { subject: string; body: string };
    const answer = await onReply(body);
    if (answer.ok) {
      const { repliedAt } = (await answer.clone().json()) as { repliedAt: string };
      contact = { ...contact, repliedAt, repliedBy: 'maria_silva', replySubject: body.subject, replyBody: body.body };
    }
    return answer;
  };
}

async function openMessage() {
  signIn(['ROLE_MODERATOR'], 'maria_silva');
  renderApp('/mail/7');
  await screen.findByRole('heading', { level: 1, name: 'Dúvida sobre o #barra' }, firstLoad);
}

function replyForm() {
  const form = screen.getByRole('region', { name: 'Responder a Ana Souza' });
  return {
    form,
    to: within(form).getByRole('textbox', { name: /^Para/ }),
    subject: within(form).getByRole('textbox', { name: /^Assunto/ }),
    body: within(form).getByRole('textbox', { name: /^Mensagem/ }) as HTMLTextAreaElement,
  };
}

describe('contact message view', () => {
  it.each(['abc', '12abc', '0', '-1'])(
    'shows the not-found state for /mail/%s without calling the server',
    async (id) => {
      signIn(['ROLE_MODERATOR']);
      const api = mockApi(contactRoutes());
      renderApp(`/mail/${id}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Mensagem não encontrada' }, firstLoad),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /Voltar à caixa de entrada/ })).toHaveAttribute('href', '/mail');
      expect(api.paths().filter((path) => path.startsWith('/api/contacts'))).toEqual([]);
    },
  );

  it('shows the not-found state when the server has no such message', async () => {
    signIn(['ROLE_MODERATOR']);
    const api = mockApi((url) =>
      url.pathname === '/api/contacts/99' ? json(404, { message: 'contact_not_found' }) : undefined,
    );
    renderApp('/mail/99');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mensagem não encontrada' }, firstLoad),
    ).toBeInTheDocument();
    expect(api.calls('/api/contacts/99')).toHaveLength(1);
  });

  it('shows sender, subject, delivery date and the message as written, escaped', async () => {
    const api = mockApi(contactRoutes());
    await openMessage();
    expect(new Headers(api.calls('/api/contacts/7')[0]?.init.headers).get('Authorization')).toMatch(/^Bearer /);
    const sender = screen.getByTestId('contact-sender');
    expect(sender).toHaveTextContent('Ana Souza');
    expect(within(sender).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute(
      'href',
      'mailto:ana@example.com',
    );
    expect(screen.getByText(longDate(original.date))).toHaveAttribute('datetime', original.date);
    const message = screen.getByTestId('contact-message');
    expect(message.textContent).toBe(original.message);
    expect(message).toHaveClass('whitespace-pre-wrap');
    expect(message.querySelector('b')).toBeNull();
    expect(screen.queryByTestId('replied-line')).toBeNull();
    expect(document.title).toBe('Dúvida sobre o #barra - Papo');
  });

  it('opens the reply form prefilled with the sender, "Re:" subject and a quote, and Cancelar closes it', async () => {
    mockApi(contactRoutes());
    const user = userEvent.setup();
    await openMessage();
    await user.click(screen.getByRole('button', { name: 'Responder' }));

    const { to, subject, body } = replyForm();
    expect(to).toHaveValue('ana@example.com');
    expect(subject).toHaveValue('Re: Dúvida sobre o #barra');
    const attribution = `Em ${longDate(original.date)}, Ana Souza <ana@example.com> escreveu:`;
    expect(body.value).toBe(`\n\n${attribution}\n> Olá,\n>\n> como viro operador?\n> <b>obrigada</b>\n`);
    expect(body).toHaveFocus();
    expect(body.selectionStart).toBe(0);
    expect(screen.queryByRole('button', { name: 'Responder' })).toBeNull();

    await user.type(body, 'Rascunho');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('region', { name: 'Responder a Ana Souza' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Responder' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Responder' }));
    expect(replyForm().body.value.startsWith('\n\nEm ')).toBe(true);
  });

  it('sends the reply, then confirms it and shows who replied and when', async () => {
    let answer: (response: Response) => void = () => {};
    const api = mockApi(contactRoutes(() => new Promise<Response>((resolve) => (answer = resolve))));
    const user = userEvent.setup();
    await openMessage();
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    // keyboard, not type(): type() clicks first, which would move the caret the form put above the quote.
    expect(replyForm().body).toHaveFocus();
    await user.keyboard('Olá Ana, é só pedir ao fundador do canal.');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    const sending = await screen.findByRole('button', { name: 'Enviando...' });
    expect(sending).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    const call = api.calls('/api/contacts/7/reply')[0];
    expect(call?.init.method).toBe('POST');
    expect(new Headers(call?.init.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(call?.init.body))).toEqual({
      to: 'ana@example.com',
      subject: 'Re: Dúvida sobre o #barra',
      body: `Olá Ana, é só pedir ao fundador do canal.\n\nEm ${longDate(original.date)}, Ana Souza <ana@example.com> escreveu:\n> Olá,\n>\n> como viro operador?\n> <b>obrigada</b>\n`,
    });

    answer(json(200, { message: 'reply_sent', repliedAt: '2026-11-21T10:00:00.000Z' }));
    expect(await screen.findByTestId('reply-sent')).toHaveTextContent('Resposta enviada para ana@example.com.');
    expect(screen.queryByRole('region', { name: 'Responder a Ana Souza' })).toBeNull();
    expect(screen.getByTestId('replied-line')).toHaveTextContent(
      `Respondida por maria_silva em ${longDate('2026-11-21T10:00:00.000Z')}.`,
    );
    expect(screen.getByTestId('replied-badge')).toHaveTextContent('Respondida');
    expect(screen.getByRole('button', { name: 'Responder' })).toHaveFocus();
  });

  it('keeps the form and shows the translated error when the mail cannot be sent', async () => {
    mockApi(contactRoutes(() => json(502, { message: 'mail_failed' })));
    const user = userEvent.setup();
    await openMessage();
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível enviar o e-mail agora.');
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeEnabled();
    expect(replyForm().to).toHaveValue('ana@example.com');
    expect(screen.queryByTestId('replied-line')).toBeNull();
  });

  it('checks the recipient and subject before sending', async () => {
    const api = mockApi(contactRoutes());
    const user = userEvent.setup();
    await openMessage();
    await user.click(screen.getByRole('button', { name: 'Responder' }));
    const { to, subject } = replyForm();
    await user.clear(to);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(to).toHaveAccessibleDescription('Informe o e-mail do destinatário.');
    expect(to).toHaveFocus();

    await user.type(to, 'ana@');
    await user.clear(subject);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(to).toHaveAccessibleDescription('Informe um e-mail válido, como nome@exemplo.com.'));
    expect(subject).toHaveAccessibleDescription('Informe o assunto.');
    expect(api.calls('/api/contacts/7/reply')).toHaveLength(0);
  });

  it('shows an earlier reply with its author, date and text', async () => {
    const answered = {
      ...original,
      repliedAt: '2026-11-21T09:00:00.000Z',
      repliedBy: 'joao',
      replySubject: 'Re: x',
      replyBody: 'Feito.',
    };
    mockApi((url) => (url.pathname === '/api/contacts/7' ? json(200, answered) : undefined));
    await openMessage();
    expect(screen.getByTestId('replied-line')).toHaveTextContent(
      `Respondida por joao em ${longDate(answered.repliedAt)}.`,
    );
    expect(screen.getByText('Feito.')).toBeInTheDocument();
  });
});
