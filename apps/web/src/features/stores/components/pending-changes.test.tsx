import type { AlbumDetail } from '@papo/contract/stores';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, route, type Call } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { album, slot } from '../test/staff-api';

// the screens are lazy chunks; under a full parallel run their first load can take longer than findBy's 1 s.
const firstLoad = { timeout: 5_000 };
const ifMatchOf = (call: Call | undefined) => new Headers(call?.init.headers).get('If-Match');

/** A published store with unpublished changes (version 2) as the fake server holds it; publish and discard answer `after`. */
function pendingServer(
  opts: {
    publish?: (server: { save(store: AlbumDetail): void }) => Response | undefined;
    discard?: (server: { save(store: AlbumDetail): void }) => Response;
  } = {},
) {
  let current: AlbumDetail = album({ name: 'Loja Nova', content: [slot(0)], pendingChanges: true });
  const server = { save: (store: AlbumDetail) => void (current = store) };
  const live = album({ name: 'Loja da Feira', content: [], pendingChanges: false, revision: 3 });
  return mockApi(
    route('GET', '/api/albumInfo/9', () => json(200, current)),
    route('GET', '/api/album-categories', () => json(200, [])),
    (url, init) => {
      if (url.pathname === '/api/album/9/publish-changes' && init.method === 'POST') {
        const answer = opts.publish?.(server);
        if (answer) return answer;
        current = { ...current, pendingChanges: false, revision: 3 };
        return json(200, current);
      }
      if (url.pathname === '/api/album/9/changes' && init.method === 'DELETE') {
        const answer = opts.discard?.(server);
        if (answer) return answer;
        current = live;
        return json(200, current);
      }
      return undefined;
    },
  );
}

describe('unpublished changes of a published store', () => {
  it('says the public still sees the old store and publishes the changes once, with the version read', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = pendingServer();
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    const bar = await screen.findByRole('region', { name: 'Alterações não publicadas' }, firstLoad);
    expect(bar).toHaveTextContent('O público ainda vê a loja como estava.');
    await user.click(within(bar).getByRole('button', { name: 'Publicar alterações' }));
    expect(await screen.findByTestId('pending-outcome')).toHaveTextContent('Alterações publicadas.');
    expect(screen.getByRole('link', { name: 'Ver a loja' })).toHaveAttribute('href', '/shop/loja-da-feira');
    expect(screen.queryByRole('region', { name: 'Alterações não publicadas' })).toBeNull();
    const sent = api.calls('POST', '/api/album/9/publish-changes');
    expect(sent).toHaveLength(1);
    expect(ifMatchOf(sent[0])).toBe('"r2"');
  });

  it('discards only after the question is answered yes; "Cancelar" sends nothing', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = pendingServer();
    const user = userEvent.setup();
    renderApp('/albumAdd/9');
    const bar = await screen.findByRole('region', { name: 'Alterações não publicadas' }, firstLoad);
    await user.click(within(bar).getByRole('button', { name: 'Descartar' }));
    const question = await screen.findByRole('alertdialog', { name: 'Descartar as alterações?' });
    await user.click(within(question).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('DELETE', '/api/album/9/changes')).toEqual([]);
    await user.click(within(bar).getByRole('button', { name: 'Descartar' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sim, descartar' }));
    expect(await screen.findByText('Alterações descartadas.')).toBeInTheDocument();
    // The form holds the store as it is live again.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Nome do álbum/ })).toHaveValue('Loja da Feira'));
    const sent = api.calls('DELETE', '/api/album/9/changes');
    expect(sent).toHaveLength(1);
    expect(ifMatchOf(sent[0])).toBe('"r2"');
  });

  it('answers a stale version with the shared conflict dialog; keeping mine publishes on top of theirs', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let attempts = 0;
    // Caio saved the store (a new product) after this screen read it.
    const theirs = album({
      name: 'Loja Nova',
      content: [slot(0), slot(1, { description: 'Caneca do Caio' })],
      pendingChanges: true,
      revision: 5,
      revisionAuthor: 'Caio',
    });
    const api = pendingServer({
      publish: (server) => {
        if (attempts++ > 0) return undefined;
        server.save(theirs);
        return json(412, { message: 'edit_conflict' });
      },
    });
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    const bar = await screen.findByRole('region', { name: 'Alterações não publicadas' }, firstLoad);
    await user.click(within(bar).getByRole('button', { name: 'Publicar alterações' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    await user.click(within(dialog).getByRole('button', { name: 'Comparar' }));
    expect(within(dialog).getByTestId('compare-theirs')).toHaveTextContent('Caneca do Caio');
    expect(within(dialog).getByTestId('compare-mine')).not.toHaveTextContent('Caneca do Caio');
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a minha (nova versão)' }));
    expect(await screen.findByText('Alterações publicadas.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/album/9/publish-changes').map(ifMatchOf)).toEqual(['"r2"', '"r5"']);
  });

  it('keeping theirs after a stale discard discards nothing, writes nothing, and says the version acted on stays in the history', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const theirs = album({
      name: 'Loja do Caio',
      content: [slot(0)],
      pendingChanges: true,
      revision: 5,
      revisionAuthor: 'Caio',
    });
    const api = pendingServer({
      discard: (server) => {
        server.save(theirs);
        return json(412, { message: 'edit_conflict' });
      },
    });
    const user = userEvent.setup();
    renderApp('/albumAdd/9');
    const bar = await screen.findByRole('region', { name: 'Alterações não publicadas' }, firstLoad);
    await user.click(within(bar).getByRole('button', { name: 'Descartar' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Descartar as alterações?' })).getByRole('button', {
        name: 'Sim, descartar',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(dialog).toHaveTextContent(
      'Ficar com a versão de Caio não apaga nada: a versão que você viu continua no histórico.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a versão de Caio' }));
    expect(await screen.findByTestId('pending-kept')).toHaveTextContent(
      'A versão que você viu continua no histórico; a de Caio está aberta.',
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Nome do álbum/ })).toHaveValue('Loja do Caio'));
    expect(api.calls('DELETE', '/api/album/9/changes')).toHaveLength(1);
    expect(api.calls('/api/album/9/publish-changes')).toEqual([]);
    expect(api.calls('/api/album_edit/9')).toEqual([]);
  });

  it('shows a refusal, and nothing at all for a store without unpublished changes', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    pendingServer({ publish: () => json(409, { message: 'no_pending_changes' }) });
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    const bar = await screen.findByRole('region', { name: 'Alterações não publicadas' }, firstLoad);
    await user.click(within(bar).getByRole('button', { name: 'Publicar alterações' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta loja não tem alterações a publicar.');
    expect(within(bar).getByRole('button', { name: 'Publicar alterações' })).toBeEnabled();
  });

  it('has no bar on a store whose edits are all live', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    mockApi(route('GET', '/api/albumInfo/9', () => json(200, album({ pendingChanges: false }))));
    renderApp('/shopEdit/9');
    await screen.findByRole('switch', { name: 'Publicado' }, firstLoad);
    expect(screen.queryByTestId('pending-changes')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publicar alterações' })).toBeNull();
  });
});
