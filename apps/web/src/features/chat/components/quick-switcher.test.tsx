import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addOpenChannel, resetChatStore, setCurrentChannel, setUsers } from '../store/chat-store';
import { ok, refused, stubApi } from '../test/fake-fetch';
import { renderChat, signInAs } from '../test/render-chat';
import { QuickSwitcher } from './quick-switcher';

vi.mock('../../../lib/socket', async () => (await import('../../../test/fake-socket')).fakeSocketModule());

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function open(onClose = vi.fn()) {
  renderChat(
    <>
      <Routes>
        <Route path="/barra" element={<QuickSwitcher onClose={onClose} />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
  );
  return onClose;
}

beforeEach(() => {
  resetChatStore();
  signInAs(1, 'ana');
  addOpenChannel('barra');
  addOpenChannel('bibliotecas');
  setCurrentChannel('barra');
  setUsers('barra', [
    { id: 1, nickname: 'ana', level: 5 },
    { id: 2, nickname: 'bia', level: 0 },
    { id: 3, nickname: 'Bibi', level: 0 },
  ]);
});

describe('quick switcher', () => {
  it('groups channels and people; a person of the channel with no conversation gets one, from the keyboard', async () => {
    const calls = stubApi({
      '/api/conversations': () =>
        ok([{ id: 7, name: 'bia', user: { id: 2, name: 'bia' }, lastMessageAt: null, unread: 1 }]),
      '/api/add-conversation': () => ok({ conversation_id: 12 }),
    });
    const onClose = open();
    const input = await screen.findByRole('combobox', { name: 'Canal ou pessoa' });
    await userEvent.type(input, 'bi');
    const list = screen.getByRole('listbox', { name: 'Canal ou pessoa' });
    const channels = within(list).getByRole('group', { name: 'Canais' });
    const people = await within(list).findByRole('group', { name: 'Pessoas' });
    expect(
      within(channels)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['#bibliotecas', '#biabrir']);
    // the conversation with bia stands for her; the member is never offered to herself.
    expect(
      within(people)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['bia11 mensagem não lida', 'Bibiconversar']);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', within(people).getAllByRole('option')[1]?.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/pvt/12'));
    expect(calls.filter((call) => call.path === '/api/add-conversation').map((call) => call.body)).toEqual([
      { user: 3 },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('prefers what exists to a new channel, goes straight to a conversation, and says so when one cannot be opened', async () => {
    stubApi({
      '/api/conversations': () =>
        ok([{ id: 7, name: 'bia', user: { id: 2, name: 'bia' }, lastMessageAt: null, unread: 0 }]),
      '/api/add-conversation': () => refused(403, 'user_blocked'),
    });
    open();
    const input = await screen.findByRole('combobox', { name: 'Canal ou pessoa' });
    await userEvent.type(input, 'bibi');
    // the name could found #bibi, but a person found comes first for Enter.
    const bibi = await screen.findByRole('option', { name: /^Bibi/ });
    expect(input).toHaveAttribute('aria-activedescendant', bibi.id);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível abrir a conversa com Bibi.');
    expect(screen.getByTestId('where')).toHaveTextContent('/barra');

    await userEvent.clear(input);
    await userEvent.type(input, 'bia');
    const person = await within(screen.getByRole('group', { name: 'Pessoas' })).findByRole('option', { name: 'bia' });
    await userEvent.click(person);
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/pvt/7'));
  });
});
