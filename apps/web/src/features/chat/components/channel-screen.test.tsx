import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getSocket, joinRoom, leaveRoom } from '../../../lib/socket';
import { renderApp } from '../../../test/render-app';
import { endChannelSessions } from '../store/channel-sessions';
import { getChatState, resetChatStore } from '../store/chat-store';
import { ok, refused, stubApi, type RecordedCall, type Reply } from '../test/fake-fetch';
import type { FakeSocket } from '../../../test/fake-socket';
import { signInAs } from '../test/render-chat';

vi.mock('../../../lib/socket', async () => (await import('../../../test/fake-socket')).fakeSocketModule());

const socket = getSocket() as unknown as FakeSocket;
const topic = {
  topic: 'Bem-vindos',
  nickname: 'ana',
  has_nickname: true,
  user_channel_level: 5,
  topic_by: 'bia',
  topic_at: null,
};

function api(overrides: Record<string, (call: RecordedCall) => Reply | Promise<Reply>> = {}) {
  return stubApi({
    '/api/latest-topic': () => ok({ status: 'success', data: topic }),
    '/api/favorite-channels': () => ok({ favorite_channels: ['#barra', '#rio'] }),
    '/api/send-message': () => ok({ status: 'success', id: 'm1' }),
    'GET /api/open-channels': () => ok({ channels: [] }),
    'PUT /api/open-channels/barra': () => ok({ channels: ['barra'] }),
    'PUT /api/open-channels/rio': () => ok({ channels: ['barra', 'rio'] }),
    'DELETE /api/open-channels/barra': () => ok({ channels: ['rio'] }),
    '/api/conversations': () => ok([]),
    ...overrides,
  });
}

async function openBarra() {
  const view = renderApp('/barra');
  await screen.findByRole('heading', { level: 1, name: '#barra' });
  // the screen listens before it joins, so once it has joined the room's events reach it.
  await waitFor(() => expect(joinRoom).toHaveBeenCalledWith('#barra'));
  act(() =>
    socket.receive(
      'users',
      [
        { id: 1, nickname: 'ana', level: 5 },
        { id: 2, nickname: 'bia', level: 0 },
      ],
      '#barra',
    ),
  );
  const input = screen.getByTestId('message-input') as HTMLInputElement;
  await waitFor(() => expect(input).toBeEnabled());
  return { ...view, input };
}

function sendLine(input: HTMLInputElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.submit(input.closest('form')!);
}

// the route loads the screen lazily; loaded once here, its first transform (slow on a busy machine) is not
// counted against the first test's wait for the heading.
beforeAll(async () => {
  await import('./channel-screen');
}, 120_000);

beforeEach(() => {
  endChannelSessions();
  resetChatStore();
  socket.reset();
  vi.mocked(joinRoom).mockClear();
  vi.mocked(leaveRoom).mockClear();
  signInAs(1, 'ana');
});

describe('channel screen', () => {
  it('joins the room, shows the topic, the tabs and the live lines', async () => {
    const calls = api();
    await openBarra();
    expect(joinRoom).toHaveBeenCalledWith('#barra');
    expect(await screen.findByText('Bem-vindos')).toBeInTheDocument();
    const tabs = within(screen.getByTestId('channel-tabs')).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['#barra']);
    expect(tabs[0]).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('favorite-star')).toHaveAttribute('aria-pressed', 'true');
    expect(calls.find((call) => call.path === '/api/latest-topic')?.body).toEqual({ channel: '#barra' });

    act(() =>
      socket.receive('new-message', {
        id: 'x1',
        channel: '#barra',
        username: 'bia',
        text: 'oi ana!',
        level: 0,
        timestamp: '2026-11-21T10:00:00Z',
      }),
    );
    act(() =>
      socket.receive('user-joined', {
        room: '#barra',
        user: { id: 3, nickname: 'caio', level: 0 },
        nickname: 'caio',
        message: 'join',
      }),
    );
    const log = screen.getByRole('log');
    expect(log).toHaveTextContent('<bia> oi ana!');
    expect(log).toHaveTextContent('caio entrou em #barra');
    expect(screen.getByTestId('nickname-line')).toHaveTextContent('Você está como @ana · operador');
  });

  it('after a drop longer than the server keeps, says how long the connection was away, where the drop was', async () => {
    api();
    await openBarra();
    act(() =>
      socket.receive('new-message', {
        id: 'x1',
        channel: '#barra',
        username: 'bia',
        text: 'antes da queda',
        level: 0,
        timestamp: '2026-11-21T10:00:00Z',
      }),
    );
    const late = {
      id: 'x9',
      channel: '#barra',
      username: 'bia',
      text: 'ainda guardada',
      level: 0,
      timestamp: '2026-11-21T10:03:00Z',
    };
    socket.answers.set('replay', () => ({ ok: true, messages: [late], complete: false }));
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(now);
      act(() => socket.lifecycle('disconnect', 'transport close'));
      clock.mockReturnValue(now + 3 * 60_000 + 10_000);
      act(() => socket.lifecycle('connect'));
      act(() =>
        socket.receive('new-message', {
          id: 'x10',
          channel: '#barra',
          username: 'bia',
          text: 'depois da volta',
          level: 0,
          timestamp: '2026-11-21T10:03:30Z',
        }),
      );
      const log = screen.getByRole('log');
      await waitFor(() =>
        expect(log).toHaveTextContent('A ligação ficou fora 3 minutos; linhas ditas nesse intervalo podem faltar'),
      );
      const texts = within(log)
        .getAllByRole('listitem')
        .map((item) => item.textContent ?? '');
      const at = (part: string) => texts.findIndex((text) => text.includes(part));
      expect(at('antes da queda')).toBeLessThan(at('ficou fora 3 minutos'));
      expect(at('ficou fora 3 minutos')).toBeLessThan(at('ainda guardada'));
      expect(at('ainda guardada')).toBeLessThan(at('depois da volta'));
      expect(socket.emitted.filter((call) => call.event === 'replay').map((call) => call.args[0])).toEqual([
        { room: '#barra', after: 'x1' },
      ]);
    } finally {
      clock.mockRestore();
    }
  });

  it('reads a batched join: the spec payload first, then each further user of the same room (decision 022)', async () => {
    api();
    await openBarra();
    const caio = { id: 3, nickname: 'caio', level: 0 };
    act(() =>
      socket.receive(
        'user-joined',
        { room: '#barra', user: caio, nickname: 'caio', message: 'join' },
        { id: 4, nickname: 'duda', level: 0 },
        { id: 5, nickname: 'edu', level: 3 },
      ),
    );
    act(() =>
      socket.receive(
        'user-joined',
        { room: '#rio', user: { id: 8, nickname: 'fabi', level: 0 }, nickname: 'fabi', message: 'join' },
        { id: 9, nickname: 'gil', level: 0 },
      ),
    );
    const log = screen.getByRole('log');
    for (const name of ['caio', 'duda', 'edu']) expect(log).toHaveTextContent(`${name} entrou em #barra`);
    expect(log).not.toHaveTextContent('gil');
    const present = Object.values(getChatState().onlineUsers)
      .flat()
      .map((user) => user.id);
    expect(present).toEqual(expect.arrayContaining([1, 2, 3, 4, 5]));
    expect(present).not.toContain(9);
  });

  it('sends on Enter with the channel and nickname, clears the input, and waits for the send to finish', async () => {
    let release: (reply: Reply) => void = () => undefined;
    const calls = api({ '/api/send-message': () => new Promise<Reply>((resolve) => (release = resolve)) });
    const { input } = await openBarra();
    sendLine(input, '  primeira  ');
    expect(input.value).toBe('');
    sendLine(input, 'segunda');
    const sends = () => calls.filter((call) => call.path === '/api/send-message');
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.body).toEqual({ channel: '#barra', username: 'ana', text: 'primeira' });
    expect(screen.getByTestId('send-button')).toBeDisabled();

    await act(async () => release(ok({ status: 'success', id: 'm1' })));
    await waitFor(() => expect(screen.getByTestId('send-button')).toBeEnabled());
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(sends()).toHaveLength(2));
    expect(sends()[1]?.body).toEqual({ channel: '#barra', username: 'ana', text: 'segunda' });
  });

  it('counts the characters left near the limit, and past it says how many are too many', async () => {
    api();
    const { input } = await openBarra();
    fireEvent.change(input, { target: { value: 'a'.repeat(499) } });
    expect(input).toHaveAccessibleDescription('Resta 1 caractere');
    fireEvent.change(input, { target: { value: 'a'.repeat(512) } });
    expect(input).toHaveAccessibleDescription('12 caracteres a mais');
  });

  it('shows /me at once as pending, then why flood control refused it, with a retry that sends it again', async () => {
    let reply = refused(429, 'flood_limit');
    const calls = api({ '/api/send-message': () => reply });
    const { input } = await openBarra();
    sendLine(input, '/me acena');
    const log = screen.getByRole('log');
    expect(log).toHaveTextContent('ana acena');
    await waitFor(() => expect(log).toHaveTextContent('Não enviada: mensagens rápidas demais.'));
    expect(calls.find((call) => call.path === '/api/send-message')?.body).toEqual({
      channel: '#barra',
      username: 'ana',
      text: 'acena',
      action: true,
    });
    expect(input.value).toBe('');
    reply = ok({ status: 'success', id: 'm7' });
    fireEvent.click(within(log).getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(log).not.toHaveTextContent('Não enviada'));
    expect(calls.filter((call) => call.path === '/api/send-message')).toHaveLength(2);
  });

  it('completes nicknames with Tab (cycling), suggests them after @, and brings the member’s last lines back with ↑/↓', async () => {
    api();
    const { input } = await openBarra();
    act(() =>
      socket.receive('user-joined', {
        room: '#barra',
        user: { id: 3, nickname: 'bruno', level: 0 },
        nickname: 'bruno',
        message: 'join',
      }),
    );
    fireEvent.change(input, { target: { value: 'b', selectionStart: 1 } });
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(input.value).toBe('bia: ');
    fireEvent.keyDown(input, { key: 'Tab' });
    expect(input.value).toBe('bruno: ');

    fireEvent.change(input, { target: { value: 'oi @br' } });
    fireEvent.select(input);
    const list = screen.getByRole('listbox', { name: 'Apelidos em #barra' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['@bruno']);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('oi @bruno ');
    expect(screen.queryByRole('listbox')).toBeNull();

    sendLine(input, 'primeira');
    await waitFor(() => expect(screen.getByRole('log').querySelector('[data-delivery]')).toBeNull());
    expect(screen.getByRole('log')).toHaveTextContent('primeira');
    fireEvent.change(input, { target: { value: 'rascunho' } });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.value).toBe('primeira');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.value).toBe('rascunho');
  });

  it('answers an unknown command with a help line and sends nothing', async () => {
    const calls = api();
    const { input } = await openBarra();
    sendLine(input, '/dance');
    await waitFor(() => expect(screen.getByRole('log')).toHaveTextContent('Comando desconhecido: /dance'));
    expect(calls.some((call) => call.path === '/api/send-message')).toBe(false);
  });

  it('ends /help with a link to the page on connecting from an IRC client', async () => {
    api();
    const { input } = await openBarra();
    sendLine(input, '/help');
    const link = await within(screen.getByRole('log')).findByRole('link', { name: 'Papo no IRC' });
    expect(link).toHaveAttribute('href', '/irc');
    expect(screen.getByRole('log')).toHaveTextContent('/query <apelido>');
    expect(screen.getByRole('log')).toHaveTextContent('Ctrl+K abre a busca rápida');
  });

  it('shows who kicked and banned the member and why, and refuses the rejoin while banned', async () => {
    api();
    await openBarra();
    const ban = { channel: '#barra', userId: 1, nickname: 'ana', by: 'bia', reason: 'flood', expiresAt: null };
    act(() => {
      socket.receive('user-banned', ban);
      socket.receive('user-kicked', { channel: '#barra', userId: 1, nickname: 'ana', by: 'bia', reason: 'flood' });
    });
    const notice = screen.getByTestId('removal-notice');
    expect(notice).toHaveTextContent('Você foi banido de #barra por bia até que um operador retire o banimento.');
    expect(notice).toHaveTextContent('Motivo: flood');
    expect(leaveRoom).toHaveBeenCalledWith('#barra');
    expect(screen.getByTestId('message-input')).toBeDisabled();

    vi.mocked(joinRoom).mockResolvedValueOnce({ ok: false, message: 'banned' });
    fireEvent.click(within(notice).getByRole('button', { name: 'Entrar de novo' }));
    expect(await screen.findByText('Você está banido de #barra.')).toBeInTheDocument();
  });

  it('kicked and then banned, the notice tells of the ban', async () => {
    api();
    await openBarra();
    act(() =>
      socket.receive('user-kicked', { channel: '#barra', userId: 1, nickname: 'ana', by: 'bia', reason: 'calma' }),
    );
    const notice = screen.getByTestId('removal-notice');
    expect(notice).toHaveTextContent('Você foi expulso de #barra por bia.');
    act(() =>
      socket.receive('user-banned', {
        channel: '#barra',
        userId: 1,
        nickname: 'ana',
        by: 'bia',
        reason: null,
        expiresAt: null,
      }),
    );
    expect(screen.getByTestId('removal-notice')).toHaveTextContent(
      'Você foi banido de #barra por bia até que um operador retire o banimento.',
    );
  });

  it('opened while banned, says so and invites nobody to say hello in an empty log', async () => {
    api();
    vi.mocked(joinRoom).mockResolvedValueOnce({ ok: false, message: 'banned' });
    renderApp('/barra');
    expect(await screen.findByText('Você está banido de #barra.')).toBeInTheDocument();
    const log = screen.getByRole('log');
    expect(log).toHaveTextContent('Nenhuma mensagem ainda');
    expect(log).not.toHaveTextContent('Diga olá');
    expect(screen.getByTestId('message-input')).toBeDisabled();
  });

  it('asks to join once, also while disconnected, and shows the answer when it comes', async () => {
    api();
    socket.connected = false;
    vi.mocked(joinRoom).mockResolvedValueOnce({ ok: false, message: 'banned' });
    renderApp('/barra');
    await screen.findByRole('heading', { level: 1, name: '#barra' });
    expect(await screen.findByText('Você está banido de #barra.')).toBeInTheDocument();
    act(() => socket.lifecycle('connect'));
    expect(joinRoom).toHaveBeenCalledTimes(1);
  });

  it('shows a rejoin refused after a reconnect (a ban set while the member was away)', async () => {
    api();
    const { input } = await openBarra();
    act(() => socket.lifecycle('disconnect'));
    act(() => socket.lifecycle('connect'));
    act(() => socket.refuseRejoin('#rio', 'banned'));
    expect(screen.queryByText('Você está banido de #barra.')).toBeNull();

    act(() => socket.refuseRejoin('#barra', 'banned'));
    expect(await screen.findByText('Você está banido de #barra.')).toBeInTheDocument();
    expect(input).toBeDisabled();
  });

  it('says why a new channel could not be created: the daily limit with when it ends, then the total', async () => {
    api();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    try {
      vi.mocked(joinRoom).mockResolvedValueOnce({ ok: false, message: 'channel_daily_limit', retryAfter: 5400 });
      renderApp('/novo');
      const until = new Intl.DateTimeFormat('pt', { dateStyle: 'short', timeStyle: 'short' }).format(
        new Date('2026-11-24T13:30:00Z'),
      );
      const notice = await screen.findByTestId('removal-notice');
      expect(notice).toHaveTextContent(
        `Você já criou 5 canais nas últimas 24 horas. #novo ainda não existe: poderá criá-lo a partir de ${until}.`,
      );

      vi.mocked(joinRoom).mockResolvedValueOnce({ ok: false, message: 'channel_total_limit' });
      fireEvent.click(within(notice).getByRole('button', { name: 'Entrar de novo' }));
      expect(
        await screen.findByText(
          'Você já é fundador de 20 canais, o máximo. #novo ainda não existe e não pode ser criado por você.',
        ),
      ).toBeInTheDocument();
      expect(screen.getByTestId('message-input')).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says a page's name cannot be a new channel (`/pvt` is only a page with an id)", async () => {
    api();
    vi.mocked(joinRoom).mockResolvedValueOnce({ ok: false, message: 'channel_name_reserved' });
    renderApp('/pvt');
    const notice = await screen.findByTestId('removal-notice');
    expect(notice).toHaveTextContent('Este nome é de uma página do site; escolha outro nome para o seu canal.');
    expect(screen.getByTestId('message-input')).toBeDisabled();
  });

  it('asks before creating a channel that does not exist, and founds it only on yes', async () => {
    const calls = api();
    vi.mocked(joinRoom).mockResolvedValueOnce({ ok: false, message: 'channel_not_found' });
    renderApp('/canal-que-nao-existe');
    const prompt = await screen.findByTestId('new-channel-prompt');
    expect(prompt).toHaveTextContent('#canal-que-nao-existe ainda não existe — criar?');
    expect(joinRoom).toHaveBeenCalledTimes(1);
    expect(joinRoom).toHaveBeenCalledWith('#canal-que-nao-existe');
    expect(within(prompt).getByRole('link', { name: 'Ver os canais' })).toHaveAttribute('href', '/channels');
    expect(screen.getByTestId('message-input')).toBeDisabled();
    // nothing exists to read a topic of.
    expect(calls.some((call) => call.path === '/api/latest-topic')).toBe(false);

    fireEvent.click(within(prompt).getByRole('button', { name: 'Criar #canal-que-nao-existe' }));
    await waitFor(() => expect(joinRoom).toHaveBeenLastCalledWith('#canal-que-nao-existe', { create: true }));
    expect(joinRoom).toHaveBeenCalledTimes(2);
    act(() => socket.receive('users', [{ id: 1, nickname: 'ana', level: 100 }], '#canal-que-nao-existe'));
    await waitFor(() => expect(screen.getByTestId('message-input')).toBeEnabled());
    expect(screen.queryByTestId('new-channel-prompt')).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/latest-topic')).toBe(true));
  });

  it('shows the new topic’s setter at once after a topic change, and empties the list and count of a kicked member', async () => {
    let current = topic;
    api({ '/api/latest-topic': () => ok({ status: 'success', data: current }) });
    await openBarra();
    await screen.findByText('— definido por bia');
    current = { ...topic, topic: 'Novo assunto', topic_by: 'caio' };
    act(() => socket.receive('topic-updated', { content: 'Novo assunto', channel: '#barra' }));
    expect(await screen.findByText('— definido por caio')).toBeInTheDocument();
    expect(screen.getByTestId('topic-text')).toHaveTextContent('Novo assunto');

    act(() =>
      socket.receive('user-kicked', { channel: '#barra', userId: 1, nickname: 'ana', by: 'bia', reason: null }),
    );
    expect(getChatState().onlineUsers.barra).toEqual([]);
    expect(screen.getAllByText('0 pessoas conectadas').length).toBeGreaterThan(0);
  });

  it('follows level changes and says when the connection is down', async () => {
    api();
    await openBarra();
    act(() => socket.receive('level-changed', { channel: '#barra', userId: 2, nickname: 'bia', level: 5 }));
    expect(screen.getByRole('log')).toHaveTextContent('bia agora é operador (@)');
    act(() => socket.lifecycle('disconnect'));
    expect(screen.getByTestId('connection-banner')).toHaveTextContent('Conexão perdida — reconectando...');
    act(() => socket.lifecycle('connect'));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });

  it('shows one line for each ChanServ slash command: the room’s, whichever of it and the answer comes first', async () => {
    api({
      '/api/channel-level': () => ok({ status: 'success', message: 'ok', name: 'bia', level: 3, changed: true }),
      '/api/kick': () => ok({ status: 'success', message: 'user_kicked' }),
    });
    const { input } = await openBarra();
    const log = screen.getByRole('log');
    const linesOnBia = () =>
      within(log)
        .queryAllByRole('listitem')
        .map((item) => item.textContent ?? '')
        .filter((text) => text.includes('bia'));
    // the button spins until the command has finished, its answer included.
    const finished = () =>
      waitFor(() => expect(screen.getByTestId('send-button').querySelector('.animate-spin')).toBeNull());
    sendLine(input, '/voice bia');
    act(() => socket.receive('level-changed', { channel: '#barra', userId: 2, nickname: 'bia', level: 3 }));
    await finished();
    sendLine(input, '/op bia');
    await finished();
    act(() => socket.receive('level-changed', { channel: '#barra', userId: 2, nickname: 'bia', level: 5 }));
    sendLine(input, '/kick bia');
    await finished();
    act(() =>
      socket.receive('user-kicked', { channel: '#barra', userId: 2, nickname: 'bia', by: 'ana', reason: null }),
    );
    const added = linesOnBia();
    expect(added).toHaveLength(3);
    expect(added[0]).toContain('bia agora tem voz (+)');
    expect(added[1]).toContain('bia agora é operador (@)');
    expect(added[2]).toContain('bia foi expulso por ana');
  });

  it('answers a level the target already has with a ChanServ line, since the room hears nothing', async () => {
    api({
      '/api/channel-level': (call) => {
        const level = (call.body as { new_level: number }).new_level;
        return ok({ status: 'success', message: 'ok', name: 'bia', level, changed: level !== 3 });
      },
    });
    const { input } = await openBarra();
    const finished = () =>
      waitFor(() => expect(screen.getByTestId('send-button').querySelector('.animate-spin')).toBeNull());
    sendLine(input, '/voice bia');
    await finished();
    sendLine(input, '/deop bia');
    await finished();
    const lines = within(screen.getByRole('log'))
      .queryAllByRole('listitem')
      .map((item) => item.textContent ?? '')
      .filter((text) => text.includes('ChanServ'));
    // the /deop that changed something waits for the room's line and prints nothing of its own.
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('-ChanServ- bia já tem voz em #barra');
  });

  it('stays in the old channel when another opens, counts its unseen lines on its tab, and leaves it only when its tab closes', async () => {
    const calls = api();
    const { router } = await openBarra();
    const favorites = () => calls.filter((call) => call.path === '/api/favorite-channels').length;
    // one request per channel opened, shared by the sidebar and the channel's heading.
    await waitFor(() => expect(favorites()).toBe(1));
    await act(() => router.navigate('/rio'));
    await screen.findByRole('heading', { level: 1, name: '#rio' });
    await waitFor(() => expect(favorites()).toBe(2));
    await waitFor(() => expect(joinRoom).toHaveBeenLastCalledWith('#rio'));
    act(() => socket.receive('users', [{ id: 1, nickname: 'ana', level: 0 }], '#rio'));
    await waitFor(() =>
      expect(
        calls.some(
          (call) => call.path === '/api/latest-topic' && (call.body as { channel: string }).channel === '#rio',
        ),
      ).toBe(true),
    );
    expect(leaveRoom).not.toHaveBeenCalled();
    act(() =>
      socket.receive('new-message', {
        id: 'b1',
        channel: '#barra',
        username: 'bia',
        text: 'ana, volta aqui',
        level: 0,
        timestamp: '2026-11-21T10:00:00Z',
      }),
    );
    const barraTab = screen.getByTestId('channel-tab-barra');
    expect(barraTab).toHaveTextContent('1');
    expect(within(barraTab).getByTestId('mention-marker')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(1) #rio - Papo'));

    fireEvent.click(screen.getByRole('button', { name: 'Fechar #barra (sair do canal)' }));
    expect(leaveRoom).toHaveBeenCalledExactlyOnceWith('#barra');
    expect(
      within(screen.getByTestId('channel-tabs'))
        .getAllByRole('link')
        .map((tab) => tab.textContent),
    ).toEqual(['#rio']);
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/open-channels/barra')).toBe(true),
    );
    expect(favorites()).toBe(2);
  });

  it('keeps the keyboard in the input across channels: after /join, Alt+↓ and a pick in Ctrl+K, typing goes on', async () => {
    api();
    const { input } = await openBarra();
    input.focus();
    sendLine(input, '/join #rio');
    await screen.findByRole('heading', { level: 1, name: '#rio' });
    await waitFor(() => expect(joinRoom).toHaveBeenLastCalledWith('#rio'));
    act(() => socket.receive('users', [{ id: 1, nickname: 'ana', level: 0 }], '#rio'));
    const rio = () => screen.getByRole('combobox', { name: /#rio/ });
    await waitFor(() => expect(rio()).toBeEnabled());
    await waitFor(() => expect(rio()).toHaveFocus());

    // Alt+↓ from the page (the keyboard anywhere) to the next open channel: its input takes the keyboard.
    rio().blur();
    fireEvent.keyDown(document.body, { key: 'ArrowDown', altKey: true });
    await screen.findByRole('heading', { level: 1, name: '#barra' });
    // both channels stay joined while open: no new join, the input can type at once.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /#barra/ })).toHaveFocus());

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'k', ctrlKey: true });
    const switcher = await screen.findByTestId('switcher-input');
    fireEvent.change(switcher, { target: { value: 'rio' } });
    fireEvent.keyDown(switcher, { key: 'Enter' });
    await screen.findByRole('heading', { level: 1, name: '#rio' });
    await waitFor(() => expect(rio()).toHaveFocus());
  });

  it('shows the music page for /home… slugs and the 404 page for invalid names, joining no room', async () => {
    api();
    const { unmount } = renderApp('/homesamba');
    expect(await screen.findByRole('heading', { level: 1, name: 'Música' })).toBeInTheDocument();
    unmount();
    renderApp('/Barra');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(joinRoom).not.toHaveBeenCalled();
  });
});
