import type { ChannelBan, ChannelBanList } from '@papo/contract/channel-bans';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSocket } from '../../../lib/socket';
import { json, mockApi } from '../../../test/fake-api';
import type { FakeSocket } from '../../../test/fake-socket';
import { renderChat, signInAs } from '../test/render-chat';
import { BansPanel } from './bans-panel';

vi.mock('../../../lib/socket', async () => (await import('../../../test/fake-socket')).fakeSocketModule());

const fakeSocket = getSocket() as unknown as FakeSocket;

const ban = (userId: number, nickname: string, extra: Partial<ChannelBan> = {}): ChannelBan => ({
  userId,
  nickname,
  by: 'ana',
  reason: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  expiresAt: null,
  ...extra,
});

/** The server's answers: the list as `held` says now, and the lift's answer. */
function serve(
  held: { bans: ChannelBan[] },
  lift: () => Response = () => json(200, { status: 'success', message: 'user_unbanned' }),
) {
  return mockApi((url, init) => {
    if (url.pathname === '/api/channel-bans' && url.searchParams.get('channel') === 'barra') {
      const list: ChannelBanList = { channel: '#barra', bans: held.bans };
      return json(200, list);
    }
    if (url.pathname === '/api/unban' && init.method === 'POST') return lift();
    return undefined;
  });
}

beforeEach(() => {
  signInAs(1, 'ana');
});

describe('Banimentos panel', () => {
  it('shows who is banned, by whom, why and until when', async () => {
    serve({
      bans: [ban(2, 'bia', { reason: 'spam', expiresAt: '2026-12-01T15:30:00.000Z' }), ban(3, 'caio', { by: null })],
    });
    renderChat(<BansPanel channel="barra" />);
    expect(screen.getByRole('heading', { name: 'Banimentos' })).toBeInTheDocument();
    const rows = await screen.findAllByTestId('ban-row');
    expect(rows[0]).toHaveTextContent('bia');
    expect(rows[0]).toHaveTextContent('Banido por ana');
    expect(rows[0]).toHaveTextContent('Motivo: spam');
    expect(rows[0]).toHaveTextContent(/Até \d{2}\/12\/2026/);
    expect(rows[1]).toHaveTextContent('Banido por uma conta que não existe mais');
    expect(rows[1]).toHaveTextContent('Sem motivo informado');
    expect(rows[1]).toHaveTextContent('Até ser retirado');
  });

  it('says when nobody is banned, and why the list cannot be read, with a retry', async () => {
    const held = { bans: [] as ChannelBan[] };
    serve(held);
    renderChat(<BansPanel channel="barra" />);
    expect(await screen.findByText('Ninguém está banido de #barra.')).toBeInTheDocument();

    mockApi((url) =>
      url.pathname === '/api/channel-bans'
        ? json(403, { status: 'error', message: 'not_channel_operator' })
        : undefined,
    );
    renderChat(<BansPanel channel="rio" />);
    const error = await screen.findByTestId('load-error');
    expect(within(error).getByRole('button', { name: /Tentar de novo/ })).toBeInTheDocument();
  });

  it('lifts a ban after a confirmation, once, and drops it from the list without reading it again', async () => {
    const held = { bans: [ban(2, 'bia'), ban(3, 'caio')] };
    const api = serve(held);
    renderChat(<BansPanel channel="barra" />);
    await screen.findAllByTestId('ban-row');
    await userEvent.click(screen.getByRole('button', { name: 'Retirar o banimento de bia' }));
    const dialog = screen.getByTestId('lift-ban-dialog');
    expect(dialog).toHaveTextContent('bia poderá voltar a entrar e a escrever em #barra.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retirar' }));
    await waitFor(() => expect(screen.getAllByTestId('ban-row')).toHaveLength(1));
    expect(screen.getByTestId('ban-row')).toHaveTextContent('caio');
    expect(screen.queryByTestId('lift-ban-dialog')).toBeNull();
    expect(await screen.findByText('Banimento de bia retirado.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/unban').map((call) => call.body)).toEqual([{ channel: '#barra', nickname: 'bia' }]);
    expect(api.calls('GET', '/api/channel-bans')).toHaveLength(1);
  });

  it('shows a refused lift in the dialog and reads the list again', async () => {
    const held = { bans: [ban(2, 'bia')] };
    const api = serve(held, () => json(403, { status: 'error', message: 'ban_level_too_high' }));
    renderChat(<BansPanel channel="barra" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retirar o banimento de bia' }));
    await userEvent.click(within(screen.getByTestId('lift-ban-dialog')).getByRole('button', { name: 'Retirar' }));
    expect(await within(screen.getByTestId('lift-ban-dialog')).findByRole('alert')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET', '/api/channel-bans')).toHaveLength(2));
  });

  it('follows bans set and lifted elsewhere in this channel only', async () => {
    const held = { bans: [ban(2, 'bia')] };
    const api = serve(held);
    renderChat(<BansPanel channel="barra" />);
    await screen.findByTestId('ban-row');

    held.bans = [ban(4, 'duda'), ban(2, 'bia')];
    act(() =>
      fakeSocket.receive('user-banned', {
        channel: '#rio',
        userId: 9,
        nickname: 'x',
        by: 'ana',
        reason: null,
        expiresAt: null,
      }),
    );
    act(() =>
      fakeSocket.receive('user-banned', {
        channel: '#barra',
        userId: 4,
        nickname: 'duda',
        by: 'ana',
        reason: null,
        expiresAt: null,
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId('ban-row')).toHaveLength(2));
    expect(api.calls('GET', '/api/channel-bans')).toHaveLength(2);

    act(() => fakeSocket.receive('user-unbanned', { channel: '#barra', userId: 2, nickname: 'bia', by: 'ana' }));
    await waitFor(() => expect(screen.getAllByTestId('ban-row')).toHaveLength(1));
    expect(screen.getByTestId('ban-row')).toHaveTextContent('duda');
    expect(api.calls('GET', '/api/channel-bans')).toHaveLength(2);
  });
});
