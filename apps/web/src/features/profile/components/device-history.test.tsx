import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { historyKept } from '../../../lib/device-history';
import { renderApp, signIn } from '../../../test/render-app';
import { buildProfile, installFakeApi } from '../test/fake-api';

describe('history on this device', () => {
  it('says the device keeps both messages and room events, and names them when turned off, on and erased', async () => {
    // The card needs the member's id: the device keeps lines per account.
    signIn(['ROLE_USER'], 'maria_silva', 42);
    installFakeApi(buildProfile());
    const user = userEvent.setup();
    renderApp('/profile');
    const card = await screen.findByRole('region', { name: 'Histórico neste aparelho' }, { timeout: 8000 });
    expect(card).toHaveTextContent(
      'as últimas 200 mensagens que você viu e os últimos 200 acontecimentos da sala (entradas, saídas, expulsões, ' +
        'banimentos, mudanças de nível, de tópico e de apelido), por 7 dias',
    );
    const keep = within(card).getByRole('checkbox', {
      name: 'Guardar neste aparelho as mensagens e os acontecimentos que vi nos canais',
    });
    expect(keep).toBeChecked();

    await user.click(keep);
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Este aparelho não guarda mais as mensagens nem os acontecimentos dos canais; o que havia foi apagado.',
    );
    expect(historyKept(42)).toBe(false);
    await user.click(keep);
    await waitFor(() =>
      expect(screen.getAllByTestId('toast').at(-1)).toHaveTextContent(
        'Este aparelho vai guardar as mensagens e os acontecimentos que você vir.',
      ),
    );
    expect(historyKept(42)).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Apagar histórico deste aparelho' }));
    const confirm = await screen.findByTestId('device-history-erase-dialog');
    expect(confirm).toHaveTextContent(
      'As mensagens e os acontecimentos dos canais guardados neste aparelho para esta conta serão apagados.',
    );
  });
});
