import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signInAna } from '../../../test/render-app';
import { json, mockApi, route } from '../../../test/fake-api';
import { conversationList, deferred, message, page } from '../test/pvt-api';
import { getSocket, joinRoom, leaveRoom } from '../../../lib/socket';
import type { FakeSocket } from '../../../test/fake-socket';

vi.mock('../../../lib/socket', async () => (await import('../../../test/fake-socket')).fakeSocketModule());

const fakeSocket = getSocket() as unknown as FakeSocket;

const listRoute = route('GET', '/api/conversations', () => json(200, conversationList));
const noBlocks = route('GET', '/api/blocks', () => json(200, { blocks: [] }));
const noNotifications = route('GET', '/api/notifications', () =>
  json(200, { status: 'success', notifications: [], unreadCount: 0, hasMore: false }),
);

async function openConversation() {
  renderApp('/pvt/5');
  // the first render loads the lazy screen and its texts, which can take a while on a busy machine.
  return screen.findByRole('log', { name: 'Mensagens com bruno' }, { timeout: 5_000 });
}

const bubbles = () => screen.queryAllByTestId('pvt-message-text').map((node) => node.textContent);

beforeEach(() => {
  signInAna();
  vi.mocked(joinRoom).mockClear();
  vi.mocked(leaveRoom).mockClear();
});

describe('private conversation screen', () => {
  it('shows tabs, the other member on the left and our messages on the right, and joins the room', async () => {
    mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', () => json(200, page([message(1, 'oi ana'), message(2, 'oi bruno', 1)]))),
    );
    const log = await openConversation();
    expect(await screen.findByRole('heading', { level: 1, name: 'bruno' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Suas conversas privadas' });
    expect(within(tabs).getByRole('link', { name: 'bruno' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: /carla/ })).toHaveAttribute('href', '/pvt/9');
    expect(within(tabs).getByText('3 mensagens não lidas')).toBeInTheDocument();
    const [theirs, ours] = within(log).getAllByTestId('pvt-message');
    expect(theirs).toHaveClass('items-start');
    expect(ours).toHaveClass('items-end');
    expect(screen.getByPlaceholderText('Digite uma mensagem...')).toBeInTheDocument();
    expect(joinRoom).toHaveBeenCalledWith('conversation_5');
  });

  it('opened on a screen with a mouse, has the keyboard in its input', async () => {
    mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', () => json(200, page([message(1, 'oi ana')]))),
    );
    await openConversation();
    await waitFor(() => expect(screen.getByPlaceholderText('Digite uma mensagem...')).toHaveFocus());
  });

  it('marks where the reader left off, groups a run of one sender, and says whether the other member is here', async () => {
    const withUnread = conversationList.map((conversation) =>
      conversation.id === 5 ? { ...conversation, unread: 2 } : conversation,
    );
    const history = [message(1, 'oi ana'), message(2, 'tudo bem?', 1), message(3, 'tudo!'), message(4, 'e você?')];
    mockApi(
      route('GET', '/api/conversations', () => json(200, withUnread)),
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', () => json(200, page(history))),
    );
    const log = await openConversation();
    const items = within(log).getAllByTestId('pvt-message');
    const marker = await within(log).findByTestId('unread-marker');
    expect(marker).toHaveTextContent('Novas mensagens');
    expect(marker.nextElementSibling).toHaveTextContent('tudo!');
    expect(items.map((item) => item.hasAttribute('data-continued'))).toEqual([false, false, false, true]);
    expect(
      within(log)
        .getAllByTestId('day-separator')
        .map((separator) => separator.textContent),
    ).toEqual(['Hoje']);

    act(() =>
      fakeSocket.receive(
        'users',
        [
          { id: 1, nickname: 'ana', level: 0 },
          { id: 2, nickname: 'bruno', level: 0 },
        ],
        'conversation_5',
      ),
    );
    expect(screen.getByTestId('pvt-presence')).toHaveTextContent('Na conversa agora');
    expect(screen.getByTestId('presence-dot')).toHaveAttribute('data-online', 'true');
    act(() => fakeSocket.receive('user-left', 2, 'conversation_5'));
    expect(screen.getByTestId('pvt-presence')).toHaveTextContent('Fora da conversa');
    // A new message after opening leaves the marker where it was.
    act(() => fakeSocket.receive('new_message', { ...message(8, 'voltei'), conversationId: 5 }));
    expect(within(log).getByTestId('unread-marker').nextElementSibling).toHaveTextContent('tudo!');
  });

  it('says whether the other member, out of the conversation, is connected at all, asking again after a reconnect', async () => {
    fakeSocket.reset();
    mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', () => json(200, page([message(1, 'oi ana')]))),
    );
    let peerOnline = true;
    fakeSocket.answers.set('peer-online', () => ({ ok: true, online: peerOnline }));
    await openConversation();
    await screen.findByRole('heading', { level: 1, name: 'bruno' });
    const users = (ids: number[]) => ids.map((id) => ({ id, nickname: id === 1 ? 'ana' : 'bruno', level: 0 }));
    act(() => fakeSocket.receive('users', users([1, 2]), 'conversation_5'));
    expect(screen.getByTestId('pvt-presence')).toHaveTextContent('Na conversa agora');
    // in the conversation, nobody asks.
    expect(fakeSocket.emitted.filter((sent) => sent.event === 'peer-online')).toEqual([]);

    act(() => fakeSocket.receive('user-left', 2, 'conversation_5'));
    await waitFor(() => expect(screen.getByTestId('pvt-presence')).toHaveTextContent('Online, fora da conversa'));
    expect(screen.getByTestId('presence-dot')).toHaveAttribute('data-online', 'true');
    expect(fakeSocket.emitted.filter((sent) => sent.event === 'peer-online').map((sent) => sent.args)).toEqual([
      [{ room: 'conversation_5' }],
    ]);

    peerOnline = false;
    act(() => fakeSocket.lifecycle('connect'));
    await waitFor(() => expect(screen.getByTestId('pvt-presence')).toHaveTextContent('Offline'));
    expect(screen.getByTestId('presence-dot')).toHaveAttribute('data-online', 'false');

    act(() =>
      fakeSocket.receive('user-joined', {
        room: 'conversation_5',
        user: users([2])[0]!,
        nickname: 'bruno',
        message: 'join',
      }),
    );
    expect(screen.getByTestId('pvt-presence')).toHaveTextContent('Na conversa agora');
  });

  it('shows an outgoing message at once, then gives it the server id without doubling it', async () => {
    const saved = deferred<Response>();
    const api = mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', () => json(200, page([message(1, 'oi')]))),
      route('POST', '/api/conversations/private/messages', () => saved.promise),
    );
    await openConversation();
    const input = screen.getByLabelText('Mensagem para bruno');
    await userEvent.type(input, '  tudo bem?  {Enter}');
    expect(input).toHaveValue('');
    expect(bubbles()).toEqual(['oi', 'tudo bem?']);
    expect(screen.getAllByTestId('pvt-message')[1]).toHaveAttribute('data-message-id', '');
    const sent = api.calls('POST', '/api/conversations/private/messages');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ content: 'tudo bem?', conversation_id: 5 });

    // the server's broadcast reaches our own tab before the send call answers.
    act(() => fakeSocket.receive('new_message', { ...message(7, 'tudo bem?', 1), conversationId: 5 }));
    expect(bubbles()).toEqual(['oi', 'tudo bem?']);
    saved.resolve(json(200, { id: 7, timestamp: new Date().toISOString() }));
    await waitFor(() => expect(screen.getAllByTestId('pvt-message')[1]).toHaveAttribute('data-message-id', '7'));
    expect(bubbles()).toEqual(['oi', 'tudo bem?']);
  });

  it('sends messages typed in a row one after the other, the next once the server stored the one before', async () => {
    const first = deferred<Response>();
    const api = mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', () => json(200, page([]))),
      route('POST', '/api/conversations/private/messages', (_url, init) =>
        String(init.body).includes('"um"') ? first.promise : json(200, { id: 9, timestamp: new Date().toISOString() }),
      ),
    );
    await openConversation();
    const input = screen.getByLabelText('Mensagem para bruno');
    await userEvent.type(input, 'um{Enter}');
    await userEvent.type(input, 'dois{Enter}');
    expect(bubbles()).toEqual(['um', 'dois']);
    const sent = () => api.calls('POST', '/api/conversations/private/messages').map((call) => String(call.init.body));
    // two calls in flight could be stored the other way round: 'dois' waits for 'um'.
    expect(sent()).toEqual([JSON.stringify({ content: 'um', conversation_id: 5 })]);
    first.resolve(json(200, { id: 8, timestamp: new Date().toISOString() }));
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(JSON.parse(sent()[1] ?? '')).toEqual({ content: 'dois', conversation_id: 5 });
    await waitFor(() =>
      expect(screen.getAllByTestId('pvt-message').map((node) => node.getAttribute('data-message-id'))).toEqual([
        '8',
        '9',
      ]),
    );
  });

  it('adds an incoming message once, whatever conversation the event names', async () => {
    mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', () => json(200, page([message(1, 'oi')]))),
    );
    await openConversation();
    const incoming = { ...message(2, 'chegou?'), conversationId: 5 };
    act(() => {
      fakeSocket.receive('new_message', incoming);
      fakeSocket.receive('new_message', incoming);
      fakeSocket.receive('new_message', { ...message(3, 'outra conversa'), conversationId: 9 });
    });
    expect(bubbles()).toEqual(['oi', 'chegou?']);
  });

  it('marks a failed message and sends it again on retry', async () => {
    let attempts = 0;
    mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', () => json(200, page([]))),
      route('POST', '/api/conversations/private/messages', () =>
        ++attempts === 1
          ? json(403, { message: 'blocked' })
          : json(200, { id: 4, timestamp: new Date().toISOString() }),
      ),
    );
    await openConversation();
    expect(screen.getByTestId('pvt-empty')).toHaveTextContent('Diga olá para bruno!');
    await userEvent.type(screen.getByLabelText('Mensagem para bruno'), 'olá{Enter}');
    expect(await screen.findByText('Não enviada')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('um de vocês bloqueou o outro');
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(screen.getByTestId('pvt-message')).toHaveAttribute('data-message-id', '4'));
    expect(screen.queryByText('Não enviada')).not.toBeInTheDocument();
    expect(bubbles()).toEqual(['olá']);
  });

  it('after a reconnect fetches only what came after the last message held, without doubles', async () => {
    const api = mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', (url) =>
        url.searchParams.get('after') === '3'
          ? json(200, page([message(4, 'perdeu esta?'), message(5, 'e esta?')]))
          : json(200, page([message(1, 'um'), message(2, 'dois')])),
      ),
    );
    await openConversation();
    act(() => fakeSocket.lifecycle('disconnect', 'transport close'));
    expect(screen.getByTestId('pvt-offline')).toHaveTextContent('Conexão perdida. Reconectando...');
    // one message still arrived before the drop was noticed; the catch-up starts after it.
    act(() => fakeSocket.receive('new_message', { ...message(3, 'três'), conversationId: 5 }));
    act(() => fakeSocket.lifecycle('connect'));
    await waitFor(() => expect(bubbles()).toEqual(['um', 'dois', 'três', 'perdeu esta?', 'e esta?']));
    expect(screen.queryByTestId('pvt-offline')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/conversations/5').map(({ url }) => url.search)).toEqual(['', '?after=3']);
  });

  it('loads older messages above the ones shown', async () => {
    const api = mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', (url) =>
        url.searchParams.get('before') === '10'
          ? json(200, page([message(8, 'antiga')]))
          : json(200, page([message(10, 'recente')], true)),
      ),
    );
    await openConversation();
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mensagens anteriores' }));
    await waitFor(() => expect(bubbles()).toEqual(['antiga', 'recente']));
    expect(screen.queryByRole('button', { name: 'Carregar mensagens anteriores' })).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/conversations/5').at(-1)?.url.search).toBe('?before=10');
  });

  it('says the conversation is not available to a non-member', async () => {
    mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', () => json(403, { message: 'not_a_member' })),
    );
    renderApp('/pvt/5');
    expect(await screen.findByTestId('pvt-not-available')).toHaveTextContent('Conversa indisponível');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says so for an id that is no id, without asking the server', async () => {
    const api = mockApi(listRoute, noBlocks, noNotifications);
    renderApp('/pvt/abc');
    expect(await screen.findByTestId('pvt-not-available')).toBeInTheDocument();
    expect(api.calls('POST', '/api/conversations/abc')).toEqual([]);
    expect(joinRoom).not.toHaveBeenCalled();
  });

  it('shows a load error with a retry that recovers', async () => {
    let attempts = 0;
    mockApi(
      listRoute,
      noBlocks,
      noNotifications,
      route('POST', '/api/conversations/5', () =>
        ++attempts === 1 ? json(500, { message: 'internal_error' }) : json(200, page([message(1, 'oi')])),
      ),
    );
    renderApp('/pvt/5');
    expect(await screen.findByText('Não foi possível carregar esta conversa.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('log', { name: 'Mensagens com bruno' })).toBeInTheDocument();
    expect(bubbles()).toEqual(['oi']);
  });

  it('blocks the other member after a confirmation and hides the input', async () => {
    let blocked = false;
    const api = mockApi(
      listRoute,
      noNotifications,
      route('GET', '/api/blocks', () =>
        json(200, { blocks: blocked ? [{ id: 2, name: 'bruno', blockedAt: 'T' }] : [] }),
      ),
      route('POST', '/api/blocks', () => {
        blocked = true;
        return json(201, { message: 'user_blocked', user: { id: 2, name: 'bruno' } });
      }),
      route('POST', '/api/conversations/5', () => json(200, page([]))),
    );
    await openConversation();
    await userEvent.click(screen.getByRole('button', { name: 'Bloquear' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Bloquear bruno?' });
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(await screen.findByTestId('pvt-blocked')).toHaveTextContent('Você bloqueou bruno.');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Mensagem para bruno')).not.toBeInTheDocument();
    expect(JSON.parse(String(api.calls('POST', '/api/blocks')[0]?.init.body))).toEqual({ user: 2 });
    expect(screen.getByRole('button', { name: 'Desbloquear' })).toBeInTheDocument();
  });
});
