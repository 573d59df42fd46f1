import type { NodeStatus } from '@papo/contract/operations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, route } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

// the screen is a lazy chunk; under a full parallel run its first load can take longer than findBy's 1 s.
const firstLoad = { timeout: 5_000 };

function node(overrides: Partial<NodeStatus> = {}): NodeStatus {
  return {
    id: 'a1',
    name: 'papo-1:3000',
    self: true,
    release: '2026_11_29_100_x',
    node: 'v22.12.0',
    builtAt: '2026-11-29T10:00:00.000Z',
    startedAt: '2026-11-29T11:00:00.000Z',
    seenAt: '2026-11-29T12:00:00.000Z',
    readiness: { status: 'ready', reason: null },
    checks: [
      { name: 'database', state: 'ok', detail: null },
      { name: 'redis', state: 'ok', detail: 'connected' },
      { name: 'uploads', state: 'ok', detail: null },
      { name: 'mail', state: 'ok', detail: 'smtp' },
    ],
    sockets: 12,
    ircLinks: 1,
    database: { dialect: 'postgres', schema: '2026_11_29_100_x', pending: 0 },
    lastBackup: { at: '2026-11-28T03:00:00.000Z', folder: '/var/backups/papo/2026-11-28', kind: 'backup' },
    ...overrides,
  };
}

const other = node({
  id: 'b2',
  name: 'papo-2:3000',
  self: false,
  readiness: { status: 'not_ready', reason: 'uploads_not_shared' },
  checks: [
    { name: 'database', state: 'ok', detail: null },
    { name: 'redis', state: 'ok', detail: 'connected' },
    { name: 'uploads', state: 'failing', detail: 'uploads_not_shared' },
    { name: 'mail', state: 'failing', detail: 'smtp' },
  ],
  sockets: 1,
  ircLinks: null,
  lastBackup: null,
});

describe('operations', () => {
  it('shows each node with its readiness, checks, connections, schema and last backup', async () => {
    signIn(['ROLE_ADMIN']);
    const api = mockApi(route('GET', '/api/operations', () => json(200, { nodes: [node(), other] })));
    renderApp('/operations');
    const cards = await screen.findAllByTestId('operations-node', {}, firstLoad);
    expect(api.calls('/api/operations')).toHaveLength(1);
    expect(cards).toHaveLength(2);
    const [self, second] = cards as [HTMLElement, HTMLElement];
    expect(within(self).getByRole('heading', { level: 2 })).toHaveTextContent('papo-1:3000(este nó)');
    expect(within(self).getByTestId('operations-readiness')).toHaveTextContent('Pronto');
    expect(self).toHaveTextContent('12 sockets abertos · 1 conexão IRC');
    expect(self).toHaveTextContent('Banco PostgreSQL2026_11_29_100_xem dia');
    expect(self).toHaveTextContent('/var/backups/papo/2026-11-28');
    expect(self).toHaveTextContent('(comando backup)');
    expect(within(self).getByTestId('operations-check-redis')).toHaveTextContent('RedisconectadoOK');

    expect(within(second).getByTestId('operations-readiness')).toHaveTextContent(
      'Não está pronto: envios não compartilhados com os outros nós',
    );
    expect(within(second).getByTestId('operations-check-uploads')).toHaveTextContent('Falhando');
    expect(within(second).getByTestId('operations-check-mail')).toHaveTextContent('SMTPFalhando');
    expect(second).toHaveTextContent('1 socket aberto · IRC desligado');
    expect(second).toHaveTextContent('Nenhum registrado no DATA_DIR deste nó');
    expect(screen.queryByText(/Nenhum outro nó/)).toBeNull();
  });

  it('says when no other node reported', async () => {
    signIn(['ROLE_ADMIN']);
    mockApi(route('GET', '/api/operations', () => json(200, { nodes: [node()] })));
    renderApp('/operations');
    await screen.findByTestId('operations-node', {}, firstLoad);
    expect(screen.getByText(/Nenhum outro nó se informou nos últimos 30 segundos/)).toBeInTheDocument();
  });

  it('tells a moderator the screen is for administrators, and offers no link to it', async () => {
    signIn(['ROLE_MODERATOR']);
    mockApi(route('GET', '/api/operations', () => json(403, { message: 'forbidden' })));
    renderApp('/operations');
    expect(await screen.findByTestId('operations-forbidden', {}, firstLoad)).toHaveTextContent(
      'Só para administradores',
    );
    expect(screen.queryByRole('link', { name: 'Operações' })).toBeNull();
  });

  it('shows a failed load with a retry that loads again', async () => {
    signIn(['ROLE_ADMIN']);
    let fail = true;
    const api = mockApi(
      route('GET', '/api/operations', () =>
        fail ? json(500, { message: 'internal_error' }) : json(200, { nodes: [node()] }),
      ),
    );
    renderApp('/operations');
    const error = await screen.findByTestId('operations-error', {}, firstLoad);
    expect(error).toHaveTextContent('Não foi possível carregar o estado dos nós.');
    expect(screen.getByRole('link', { name: 'Operações' })).toHaveAttribute('href', '/operations');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Tentar de novo' }));
    await screen.findByTestId('operations-node');
    await waitFor(() => expect(api.calls('/api/operations')).toHaveLength(2));
  });
});
