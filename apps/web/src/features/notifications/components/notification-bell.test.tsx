import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, signInAna } from '../../../test/render-app';
import { mockBellApi, notification } from '../test/notification-api';
import { getSocket } from '../../../lib/socket';
import type { FakeSocket } from '../../../test/fake-socket';

vi.mock('../../../lib/socket', async () => (await import('../../../test/fake-socket')).fakeSocketModule());

const fakeSocket = getSocket() as unknown as FakeSocket;

const initial = () => [
  notification(3, 'mention', '#barra'),
  notification(2, 'new_private_message', 'bruno'),
  notification(1, 'kicked', '#rio', true),
];

async function renderBell(path = '/channels') {
  signInAna();
  const view = renderApp(path);
  const bell = await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }, { timeout: 5_000 });
  return { ...view, bell };
}

const badge = () => screen.queryByTestId('notification-count')?.textContent ?? null;

describe('notification bell', () => {
  it('shows the unread count and refreshes the list each time it opens', async () => {
    const api = mockBellApi(initial());
    const { bell } = await renderBell();
    expect(badge()).toBe('2');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Notificações' });
    const items = within(panel).getAllByTestId('notification-item');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Você foi mencionado em #barra'),
      expect.stringContaining('bruno enviou uma mensagem privada para você'),
      expect.stringContaining('Você foi expulso de #rio'),
    ]);
    expect(items[0]).toHaveTextContent('Não lida:');
    expect(items[2]).not.toHaveTextContent('Não lida:');
    await waitFor(() => expect(api.calls('GET', '/api/notifications')).toHaveLength(2));
  });

  it('names who mentioned the member when the notification says', async () => {
    mockBellApi([{ ...notification(5, 'mention', '#sampa'), by: 'bruno' }, ...initial().slice(0, 1)]);
    signInAna();
    renderApp('/channels');
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }, { timeout: 5_000 }));
    const items = screen.getAllByTestId('notification-item');
    expect(items[0]).toHaveTextContent('bruno mencionou você em #sampa');
    expect(items[1]).toHaveTextContent('Você foi mencionado em #barra');
  });

  it('names who kicked, banned or changed the level of the member', async () => {
    mockBellApi([
      { ...notification(6, 'kicked', '#rio'), by: 'carla' },
      { ...notification(7, 'banned', '#sampa'), by: 'bruno' },
      { ...notification(8, 'channel_level_operator', '#barra'), by: 'duda' },
    ]);
    signInAna();
    renderApp('/channels');
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações, 3 não lidas' }, { timeout: 5_000 }));
    expect(screen.getAllByTestId('notification-item').map((item) => item.textContent)).toEqual([
      expect.stringContaining('carla expulsou você de #rio'),
      expect.stringContaining('bruno baniu você de #sampa'),
      expect.stringContaining('duda fez de você Operador (@) em #barra'),
    ]);
  });

  it('renders an unknown type with the generic text', async () => {
    mockBellApi([notification(4, 'something_new', 'xyz'), ...initial().slice(0, 1)]);
    signInAna();
    renderApp('/channels');
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }, { timeout: 5_000 }));
    expect(screen.getAllByTestId('notification-item')[0]).toHaveTextContent('Nova notificação: xyz');
  });

  it('marks one read here before the server call, once and only if unread', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = [notification(4, 'contact_replied', 'equipe'), ...initial()];
    const api = mockBellApi(held, {}, gate);
    signInAna();
    const { router } = renderApp('/channels');
    const bell = await screen.findByRole('button', { name: 'Notificações, 3 não lidas' }, { timeout: 5_000 });
    await userEvent.click(bell);
    await userEvent.click(screen.getAllByTestId('notification-item')[0]!);
    expect(badge()).toBe('2');
    expect(api.calls('POST', '/api/notifications/4/mark-as-read')).toHaveLength(1);
    expect(screen.queryByTestId('notification-panel')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/channels');

    // A list read before the server has the mark must not undo it. The list also brings a new
    // notification; once it shows, the whole answer has been applied.
    held.push(notification(9, 'mention', '#rio'));
    await userEvent.click(bell);
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(held.length));
    expect(api.calls('GET', '/api/notifications')).toHaveLength(3);
    expect(badge()).toBe('3');
    release();

    await userEvent.click(screen.getAllByTestId('notification-item')[3]!);
    expect(badge()).toBe('3');
    expect(api.calls('POST', '/api/notifications/1/mark-as-read')).toHaveLength(0);
  });

  it('says which level a member now has, and leads to that channel', async () => {
    mockBellApi([notification(4, 'channel_level_operator', '#barra'), ...initial().slice(0, 1)]);
    signInAna();
    const { router } = renderApp('/channels');
    await userEvent.click(await screen.findByRole('button', { name: 'Notificações, 2 não lidas' }, { timeout: 5_000 }));
    const item = screen.getAllByTestId('notification-item')[0]!;
    expect(item).toHaveTextContent('Seu nível em #barra mudou para Operador (@)');
    await userEvent.click(item);
    await waitFor(() => expect(router.state.location.pathname).toBe('/barra'), { timeout: 5_000 });
  });

  it('goes to the channel a channel notification is about', async () => {
    mockBellApi(initial());
    const { bell, router } = await renderBell();
    await userEvent.click(bell);
    await userEvent.click(screen.getAllByTestId('notification-item')[0]!);
    expect(badge()).toBe('1');
    // the channel screen loads lazily; the router moves once it has.
    await waitFor(() => expect(router.state.location.pathname).toBe('/barra'), { timeout: 5_000 });
  });

  it('opens the private conversation a message notification is about', async () => {
    const conversations = [{ id: 7, name: 'bruno', user: { id: 2, name: 'bruno' }, lastMessageAt: null, unread: 1 }];
    mockBellApi(initial(), { 'GET /api/conversations': conversations });
    const { bell, router } = await renderBell();
    await userEvent.click(bell);
    await userEvent.click(screen.getAllByTestId('notification-item')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pvt/7'));
  });

  it('closes on an outside click and marks all read; Escape closes without marking and returns focus', async () => {
    const api = mockBellApi(initial());
    const { bell } = await renderBell();
    await userEvent.click(bell);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByTestId('notification-panel')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
    expect(badge()).toBe('2');

    await userEvent.click(bell);
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByTestId('notification-panel')).not.toBeInTheDocument();
    expect(badge()).toBeNull();
    expect(screen.getByRole('button', { name: 'Notificações' })).toBeInTheDocument();
    expect(api.calls('POST', '/api/notifications/mark-all-read')).toHaveLength(1);
  });

  it('marks all read from the dropdown and keeps it open', async () => {
    const api = mockBellApi(initial());
    const { bell } = await renderBell();
    await userEvent.click(bell);
    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    expect(badge()).toBeNull();
    expect(screen.getByTestId('notification-panel')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Marcar todas como lidas' })).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/notifications/mark-all-read')).toHaveLength(1);
  });

  it('adds a live notification for this member once (both event names) and reloads the list', async () => {
    const list = initial();
    const api = mockBellApi(list);
    await renderBell();
    const fresh = notification(9, 'banned', '#rio');
    list.unshift(fresh);
    act(() => {
      fakeSocket.receive('new_notification', fresh);
      fakeSocket.receive('new-notification', fresh);
      fakeSocket.receive('new_notification', { ...notification(10, 'mention', '#x'), userTo: 99 });
    });
    expect(badge()).toBe('3');
    await waitFor(() => expect(api.calls('GET', '/api/notifications')).toHaveLength(2));
    expect(badge()).toBe('3');
  });

  it('reads the list again after a reconnect, for what was sent while the connection was down', async () => {
    const list = initial();
    const api = mockBellApi(list);
    await renderBell();
    list.unshift(notification(11, 'new_private_message', 'carla'));
    act(() => fakeSocket.managerEvent('reconnect', 1));
    await waitFor(() => expect(badge()).toBe('3'));
    expect(api.calls('GET', '/api/notifications')).toHaveLength(2);
  });

  it('keeps only one of the bell and the account menu open', async () => {
    mockBellApi(initial());
    const { bell } = await renderBell();
    const account = screen.getByRole('button', { name: 'Menu da conta' });
    await userEvent.click(bell);
    await userEvent.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    act(() => bell.focus());
    await userEvent.keyboard('{Enter}');
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(account).toHaveAttribute('aria-expanded', 'false');
  });
});
