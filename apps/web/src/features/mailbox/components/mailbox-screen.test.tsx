import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, setViewportWidth, signIn } from '../../../test/render-app';
import { json, mockApi, route } from '../../../test/fake-api';
import { summary } from '../test/mailbox-api';

// the screen is a lazy chunk; under a full parallel run its first load can take longer than findBy's 1 s.
const firstLoad = { timeout: 5_000 };

const total = 85;

/** The server's pages: 85 messages, ids 85 (newest) down to 1, 40 a page; message 84 was answered. */
const mailboxRoute = route('GET', '/api/mailbox', (url) => {
  const page = Number(url.searchParams.get('page'));
  const limit = Number(url.searchParams.get('limit'));
  const ids = Array.from({ length: total }, (_, index) => total - index).slice((page - 1) * limit, page * limit);
  const contacts = ids.map((id) =>
    summary(
      id,
      id === 84 ? { repliedAt: '2026-11-21T13:00:00.000Z' } : id === 83 ? { subject: null, email: null } : {},
    ),
  );
  return json(200, { contacts, total, page, limit });
});

function rows() {
  return screen.getAllByTestId('mailbox-row');
}

describe('mailbox', () => {
  it('lists a page of 40 with id, name, e-mail, subject, date and a Ver link, newest first', async () => {
    signIn(['ROLE_MODERATOR']);
    const api = mockApi(mailboxRoute);
    renderApp('/mail');
    await screen.findByRole('table', { name: 'Mensagens de contato, página 1 de 3' }, firstLoad);
    expect(api.calls('/api/mailbox')[0]?.url.search).toBe('?page=1&limit=40');
    expect(rows()).toHaveLength(40);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Nº',
      'Remetente',
      'Assunto',
      'Data',
      'Ações',
    ]);

    const cells = within(rows()[0]!).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('85');
    expect([...cells[1]!.children].map((line) => line.textContent)).toEqual(['Pessoa 85', 'pessoa85@example.com']);
    expect(cells[2]).toHaveTextContent('Assunto 85');
    const sent = new Date(summary(85).date);
    const time = cells[3]!.querySelector('time');
    expect(time).toHaveAttribute('datetime', summary(85).date);
    expect([...time!.children].map((line) => line.textContent)).toEqual([
      new Intl.DateTimeFormat('pt', { dateStyle: 'short' }).format(sent),
      new Intl.DateTimeFormat('pt', { timeStyle: 'short' }).format(sent),
    ]);
    const link = within(rows()[0]!).getByRole('link', { name: 'Ver mensagem 85 de Pessoa 85' });
    expect(link).toHaveTextContent('Ver');
    expect(link).toHaveAttribute('href', '/mail/85');

    expect(within(rows()[1]!).getByTestId('replied-badge')).toHaveTextContent('Respondida');
    expect(within(rows()[0]!).queryByTestId('replied-badge')).toBeNull();
    expect(rows()[2]).toHaveTextContent('sem e-mail');
    expect(rows()[2]).toHaveTextContent('(sem assunto)');
    expect(screen.getByTestId('mailbox-total')).toHaveTextContent('85 mensagens');
  });

  it('pages with previous and next and shows "page X of Y" from the total', async () => {
    signIn(['ROLE_ADMIN']);
    const api = mockApi(mailboxRoute);
    const user = userEvent.setup();
    const { router } = renderApp('/mail');
    await screen.findByRole('table', {}, firstLoad);
    const pager = screen.getByRole('navigation', { name: 'Páginas da caixa de entrada' });
    expect(screen.getByTestId('mailbox-page-status')).toHaveTextContent('Página 1 de 3');
    expect(within(pager).queryByRole('link', { name: /Anterior/ })).toBeNull();
    expect(within(pager).getByText('Anterior').closest('[aria-disabled="true"]')).not.toBeNull();

    await user.click(within(pager).getByRole('link', { name: /Próxima/ }));
    await waitFor(() => expect(screen.getByTestId('mailbox-page-status')).toHaveTextContent('Página 2 de 3'));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(within(rows()[0]!).getAllByRole('cell')[0]).toHaveTextContent('45'));
    expect(rows()).toHaveLength(40);

    await user.click(screen.getByRole('link', { name: /Próxima/ }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByTestId('mailbox-page-status')).toHaveTextContent('Página 3 de 3');
    expect(screen.queryByRole('link', { name: /Próxima/ })).toBeNull();
    expect(within(rows()[4]!).getAllByRole('cell')[0]).toHaveTextContent('1');

    await user.click(screen.getByRole('link', { name: /Anterior/ }));
    await waitFor(() => expect(screen.getByTestId('mailbox-page-status')).toHaveTextContent('Página 2 de 3'));
    // a page seen before shows at once from the cache and is fetched again, since new mail may have come in.
    await waitFor(() =>
      expect(api.calls('/api/mailbox').map(({ url }) => url.searchParams.get('page'))).toEqual(['1', '2', '3', '2']),
    );
  });

  it('opens the page named in the address and treats a bad page number as the first', async () => {
    signIn(['ROLE_MODERATOR']);
    const api = mockApi(mailboxRoute);
    renderApp('/mail?page=3');
    await screen.findByRole('table', { name: 'Mensagens de contato, página 3 de 3' }, firstLoad);
    expect(rows()).toHaveLength(5);

    renderApp('/mail?page=abc');
    await waitFor(() =>
      expect(api.calls('/api/mailbox').map(({ url }) => url.searchParams.get('page'))).toEqual(['3', '1']),
    );
  });

  it('shows a loading state, then an empty state when nobody wrote yet', async () => {
    signIn(['ROLE_MODERATOR']);
    let answer: (response: Response) => void = () => {};
    mockApi((url) =>
      url.pathname === '/api/mailbox' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderApp('/mail');
    expect(await screen.findByTestId('mailbox-loading', {}, firstLoad)).toHaveTextContent('Carregando mensagens...');
    answer(json(200, { contacts: [], total: 0, page: 1, limit: 40 }));
    expect(await screen.findByTestId('mailbox-empty')).toHaveTextContent('Nenhuma mensagem por enquanto');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Páginas da caixa de entrada' })).toBeNull();
  });

  it('shows an error with a retry that loads the page', async () => {
    signIn(['ROLE_MODERATOR']);
    let failures = 1;
    mockApi(
      route('GET', '/api/mailbox', () => (failures-- > 0 ? json(500, { message: 'internal_error' }) : undefined)),
      mailboxRoute,
    );
    const user = userEvent.setup();
    renderApp('/mail');
    const alert = await screen.findByRole('alert', {}, firstLoad);
    expect(alert).toHaveTextContent('Não foi possível carregar as mensagens.');
    await user.click(within(alert).getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains a refused call in words the staff member can act on', async () => {
    signIn(['ROLE_MODERATOR']);
    mockApi((url) => (url.pathname === '/api/mailbox' ? json(403, { message: 'forbidden' }) : undefined));
    renderApp('/mail');
    expect(await screen.findByRole('alert', {}, firstLoad)).toHaveTextContent(
      'Somente a equipe do Papo pode abrir a caixa de entrada.',
    );
  });

  it('shows the same facts as cards on a narrow screen', async () => {
    setViewportWidth(360);
    signIn(['ROLE_MODERATOR']);
    mockApi(mailboxRoute);
    renderApp('/mail');
    const list = await screen.findByRole('list', { name: 'Mensagens de contato, página 1 de 3' }, firstLoad);
    expect(screen.queryByRole('table')).toBeNull();
    const first = within(list).getAllByRole('listitem')[0]!;
    for (const text of ['Pessoa 85', 'pessoa85@example.com', 'Assunto 85', 'Nº 85'])
      expect(first).toHaveTextContent(text);
    expect(within(first).getByRole('link', { name: 'Ver mensagem 85 de Pessoa 85' })).toHaveAttribute(
      'href',
      '/mail/85',
    );
  });

  it('is closed to members without a staff role, who land on their profile told why', async () => {
    signIn(['ROLE_USER']);
    const api = mockApi(mailboxRoute);
    const { router } = renderApp('/mail');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(
      await screen.findByText('Essa página é só para a equipe do Papo; trouxemos você para o seu perfil.'),
    ).toBeInTheDocument();
    expect(api.calls('/api/mailbox')).toHaveLength(0);
  });
});
