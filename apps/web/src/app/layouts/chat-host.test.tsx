import type { ConversationSummary } from '@papo/contract/conversations';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSocket, joinRoom } from '../../lib/socket';
import type { FakeSocket } from '../../test/fake-socket';
import { PageTitle } from '../../components/page-title';
import { RecentConversations } from '../../features/conversations/components/recent-conversations';
import { endChannelSessions } from '../../features/chat/store/channel-sessions';
import { getChatState, resetChatStore } from '../../features/chat/store/chat-store';
import { ok, stubApi, type Reply } from '../../features/chat/test/fake-fetch';
import { renderChat, signInAs } from '../../features/chat/test/render-chat';
import { ChatHost } from '../../features/chat/components/chat-host';

vi.mock('../../lib/socket', async () => (await import('../../test/fake-socket')).fakeSocketModule());

const socket = getSocket() as unknown as FakeSocket;
const bruno: ConversationSummary = {
  id: 5,
  name: 'bruno',
  user: { id: 2, name: 'bruno' },
  lastMessageAt: null,
  unread: 2,
};
const notification = (type: string) => ({
  id: 1,
  type,
  message: 'bruno',
  isRead: false,
  userTo: 1,
  createdAt: '2026-11-28T22:00:00Z',
});

beforeEach(() => {
  endChannelSessions();
  resetChatStore();
  socket.reset();
  vi.mocked(joinRoom).mockClear();
  signInAs(1, 'ana');
});

describe('the chat outside any screen', () => {
  it('opens the account’s channels, keeps the conversation list live, and puts the unread total in the title', async () => {
    let list: ConversationSummary[] = [];
    const calls = stubApi({
      'GET /api/open-channels': () => ok({ channels: ['barra', 'rio'] }),
      '/api/conversations': () => ok(list),
    });
    renderChat(
      <>
        <PageTitle title="#barra" />
        <ChatHost />
        <RecentConversations />
      </>,
    );
    await waitFor(() => expect(getChatState().openChannels).toEqual(['barra', 'rio']));
    expect(vi.mocked(joinRoom).mock.calls.map(([room]) => room)).toEqual(['#barra', '#rio']);
    await screen.findByText('Nenhuma conversa privada ainda.');

    list = [bruno];
    const reads = () => calls.filter((call) => call.path === '/api/conversations').length;
    const before = reads();
    act(() => socket.receive('new-notification', notification('conversation_opened')));
    expect(await screen.findByText('bruno')).toBeInTheDocument();
    expect(reads()).toBe(before + 1);
    await waitFor(() => expect(document.title).toBe('(2) #barra - Papo'));
    act(() => socket.receive('new-notification', notification('mention')));
    expect(reads()).toBe(before + 1);
  });

  it('reads the sidebar again by itself once the network is back after an offline start', async () => {
    let online = false;
    stubApi({
      'GET /api/open-channels': () => ok({ channels: [] }),
      '/api/conversations': (): Reply => (online ? ok([bruno]) : { status: 503 }),
    });
    renderChat(
      <>
        <ChatHost />
        <RecentConversations />
      </>,
    );
    await screen.findByText('Não foi possível carregar suas conversas agora.', undefined, { timeout: 5_000 });
    online = true;
    act(() => socket.lifecycle('connect'));
    expect(await screen.findByText('bruno')).toBeInTheDocument();
  });
});
