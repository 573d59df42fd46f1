import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  getChatState,
  resetChatStore,
  setUserChannelLevel,
  setUserFilter,
  setUserNickname,
  setUsers,
} from '../store/chat-store';
import { ok, refused, stubApi } from '../test/fake-fetch';
import { renderChat } from '../test/render-chat';
import { ChatDialogs } from './chat-dialogs';
import { UserList } from './user-list';
import { UsersDrawer } from './users-drawer';

beforeEach(() => {
  resetChatStore();
  setUserNickname('ana');
  setUserChannelLevel('barra', 10);
  setUsers('barra', [
    { id: 2, nickname: 'bia', level: 0 },
    { id: 1, nickname: 'ana', level: 10 },
    { id: 3, nickname: 'caio', level: 3 },
    { id: 4, nickname: 'duda', level: 1000 },
    { id: 5, nickname: 'edu', level: 100 },
  ]);
});

function renderList() {
  renderChat(
    <>
      <UserList channel="barra" />
      <ChatDialogs />
    </>,
  );
  return screen.getByTestId('user-list');
}

const entry = (nickname: string) => screen.getByRole('button', { name: new RegExp(`^${nickname},`) });

describe('connected users', () => {
  it('sorts by level, then name, with IRC prefixes and staff marked', () => {
    const list = renderList();
    const rows = within(list).getAllByTestId('user-entry');
    expect(rows.map((row) => row.getAttribute('data-nickname'))).toEqual(['duda', 'edu', 'ana', 'caio', 'bia']);
    expect(rows.map((row) => row.querySelector('[aria-hidden="true"]')?.textContent)).toEqual(['~', '~', '&', '+', '']);
    expect(rows[0]).toHaveTextContent('Equipe');
    expect(entry('caio')).toHaveAccessibleName('caio, voz');
    // Each member with a picture (initials here) that screen readers skip: the name is written beside it.
    expect(rows.map((row) => within(row).getByTestId('avatar').textContent)).toEqual(['DU', 'ED', 'AN', 'CA', 'BI']);
  });

  it('opens one menu at a time; an outside press and Escape close it', () => {
    renderList();
    fireEvent.click(entry('bia'));
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(entry('bia')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitem', { name: 'Mencionar' })).toHaveFocus();

    fireEvent.click(entry('caio'));
    expect(screen.getAllByRole('menu')).toHaveLength(1);
    expect(entry('bia')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('menu')).toHaveAccessibleName('Ações para caio');

    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.click(entry('caio'));
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Mencionar' }), { key: 'ArrowDown' });
    expect(screen.getByRole('menuitem', { name: 'PVT' })).toHaveFocus();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(entry('caio')).toHaveFocus();
  });

  it('offers Mention, PVT, Whois and ChanServ for others and only Whois for oneself', () => {
    renderList();
    fireEvent.click(entry('bia'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Mencionar',
      'PVT',
      'Whois',
      'ChanServ',
    ]);
    expect(screen.queryByTestId('peace-note')).toBeNull();
    fireEvent.click(entry('ana'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Whois']);
  });

  it('leaves ChanServ out, saying why, where PEACE allows nothing', () => {
    renderList();
    fireEvent.click(entry('edu'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mencionar', 'PVT', 'Whois']);
    expect(screen.getByTestId('peace-note')).toHaveTextContent('edu está no seu nível ou acima');

    setUserChannelLevel('barra', 0);
    fireEvent.click(entry('bia'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mencionar', 'PVT', 'Whois']);
    expect(screen.getByTestId('peace-note')).toHaveTextContent(
      'Só operadores (@) e acima agem sobre outros em #barra; seu nível aqui é usuário.',
    );
  });

  it('Mention puts `nick: ` into the channel’s input', () => {
    renderList();
    fireEvent.click(entry('bia'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mencionar' }));
    expect(getChatState().drafts.barra).toBe('bia: ');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Whois shows the card with the member’s details', async () => {
    const calls = stubApi({
      '/api/nickserv-whois': () =>
        ok({
          data: {
            nickname: 'bia',
            profileImage: '/uploads/bia.webp',
            gender: 'female',
            age: 31,
            instagram: 'bia.ig',
            youtube: '@biatube',
            welcomeMessage: 'Oi!',
          },
          language: 'es',
        }),
    });
    renderList();
    fireEvent.click(entry('bia'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Whois' }));
    expect(within(screen.getByTestId('whois-dialog')).getByRole('status')).toHaveTextContent('Buscando informações...');
    const card = await screen.findByTestId('whois-card');
    expect(calls[0]?.query).toEqual({ username: 'bia' });
    expect(within(card).getByRole('img', { name: 'Foto de bia' })).toHaveAttribute('src', '/uploads/bia.webp');
    for (const text of ['Feminino', 'Español', '31 anos', '@bia.ig', '@biatube', 'Oi!'])
      expect(card).toHaveTextContent(text);
    expect(within(card).getByRole('link', { name: '@bia.ig' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/bia.ig/',
    );
  });

  it('ChanServ KICKBAN sends the reason and length and shows the result', async () => {
    const calls = stubApi({ '/api/ban': () => ok({ status: 'success', message: 'user_banned', expiresAt: null }) });
    renderList();
    fireEvent.click(entry('bia'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'ChanServ' }));
    const dialog = screen.getByTestId('chanserv-dialog');
    fireEvent.change(within(dialog).getByLabelText('Motivo (opcional)'), { target: { value: 'spam' } });
    fireEvent.change(within(dialog).getByLabelText('Duração do banimento (KICKBAN)'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'KICKBAN' }));
    const result = await screen.findByTestId('result-text');
    expect(result).toHaveTextContent('bia foi banido de #barra');
    expect(calls[0]?.body).toEqual({
      channel: '#barra',
      nickname: 'bia',
      kick: true,
      reason: 'spam',
      duration_minutes: 0,
    });
    expect(screen.queryByTestId('chanserv-dialog')).toBeNull();
  });

  it('ChanServ OP reports success, and a level change the server still refuses with its reason', async () => {
    const calls = stubApi({
      '/api/channel-level': (call) =>
        (call.body as { new_level: number }).new_level === 5
          ? ok({
              status: 'success',
              message: 'Successfully updated channel level for bia',
              name: 'bia',
              level: 5,
              changed: true,
            })
          : refused(403, 'banned'),
    });
    renderList();
    fireEvent.click(entry('bia'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'ChanServ' }));
    fireEvent.click(screen.getByRole('button', { name: 'OP' }));
    expect(await screen.findByTestId('result-text')).toHaveTextContent(
      'Nível no canal atualizado com sucesso para bia',
    );
    expect(calls[0]?.body).toEqual({ nickname: 'bia', channel_name: '#barra', new_level: 5 });

    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    fireEvent.click(entry('bia'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'ChanServ' }));
    fireEvent.click(screen.getByRole('button', { name: 'VOICE' }));
    const failure = await screen.findByTestId('result-text');
    expect(failure).toHaveTextContent('Falha ao atualizar o nível no canal: você está banido deste canal.');
    expect(failure).toHaveAttribute('data-tone', 'error');
  });

  it('ChanServ says a member already had the level asked for, instead of an update that changed nothing', async () => {
    stubApi({
      '/api/channel-level': () =>
        ok({
          status: 'success',
          message: 'Successfully updated channel level for bia',
          name: 'bia',
          level: 3,
          changed: false,
        }),
    });
    renderList();
    fireEvent.click(entry('bia'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'ChanServ' }));
    fireEvent.click(screen.getByRole('button', { name: 'VOICE' }));
    expect(await screen.findByTestId('result-text')).toHaveTextContent('bia já tem voz em #barra');
  });

  it('shows only the filtered user while a filter is set, until Show everyone', () => {
    setUserFilter(2);
    renderList();
    expect(screen.getAllByTestId('user-entry').map((row) => row.getAttribute('data-nickname'))).toEqual(['bia']);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar todos' }));
    expect(screen.getAllByTestId('user-entry')).toHaveLength(5);
    expect(getChatState().userFilterId).toBeNull();
  });
});

describe('the Users sheet on phones', () => {
  it('carries the panel’s three tabs: Users, Seu nível and Saiba mais', async () => {
    renderChat(<UsersDrawer channel="barra" count={5} onClose={() => {}} />);
    const sheet = screen.getByTestId('users-drawer');
    const tabs = within(sheet).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Usuários', 'Seu nível', 'Saiba mais']);
    expect(within(sheet).getAllByTestId('user-entry')).toHaveLength(5);
    fireEvent.click(tabs[1]!);
    expect(within(sheet).getByTestId('level-timeline')).toBeInTheDocument();
    fireEvent.keyDown(tabs[1]!, { key: 'ArrowRight' });
    expect(within(sheet).getByRole('tab', { name: 'Saiba mais' })).toHaveAttribute('aria-selected', 'true');
    // the learn-more tab loads with its first showing.
    await waitFor(() => expect(within(sheet).getByRole('tabpanel')).toHaveTextContent('Nenhum cartão aberto'));
  });
});

describe('members’ pictures in the list', () => {
  it('shows each member’s uploaded picture (small variant) or their profile’s initials, asked for in one request', async () => {
    const calls = stubApi({
      'GET /api/member-pictures': () =>
        ok({
          members: {
            '2': { name: 'Beatriz Souza', picture: '/uploads/sized/400/profile/bia.png.webp' },
            '3': { name: 'Caio Prado', picture: null },
          },
        }),
    });
    const list = renderList();
    const avatarOf = (nickname: string) =>
      within(within(list).getByRole('button', { name: new RegExp(`^${nickname},`) })).getByTestId('avatar');
    await waitFor(() =>
      expect(avatarOf('bia').querySelector('img')).toHaveAttribute('src', '/uploads/sized/400/profile/bia.png.webp'),
    );
    expect(avatarOf('caio')).toHaveTextContent('CP');
    // Nobody answered for these: their nickname's initials stand in.
    expect(avatarOf('duda')).toHaveTextContent('DU');
    const asked = calls.filter((call) => call.path === '/api/member-pictures');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.query.ids?.split(',').sort()).toEqual(['1', '2', '3', '4', '5']);
  });
});
