import type { StoreItem } from '@papo/contract/stores';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, route } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { album, slot } from '../test/staff-api';

// the screen is a lazy chunk; under a full parallel run its first load can take longer than findBy's 1 s.
const firstLoad = { timeout: 5_000 };

/** The store's slots as the fake server holds them: uploads fill them, deletes empty them, reads answer them. */
function storeServer(content: StoreItem[] = []) {
  const slots = new Map(content.map((item) => [item.position, item]));
  let revision = 2;
  const read = () => album({ content: [...slots.values()].sort((a, b) => a.position - b.position), revision });
  return {
    read: route('GET', '/api/albumInfo/9', () => json(200, read())),
    upload: route('POST', '/api/upload-album-picture', (_url, init) => {
      const position = Number((init.body as FormData).get('position'));
      slots.set(position, slot(position, { description: '' }));
      return json(200, {
        imageUrl: `stores/p${position}.webp`,
        thumbnail: `stores/p${position}-t.webp`,
        position,
        revision: ++revision,
      });
    }),
    remove: route('POST', '/api/delete-item', (_url, init) => {
      const { position } = JSON.parse(String(init.body)) as { position: number };
      slots.delete(position);
      return json(200, { position, revision: ++revision });
    }),
  };
}

const formOf = (body: unknown) =>
  Object.fromEntries(
    [...(body as FormData).entries()].map(([key, value]) => [
      key,
      typeof value === 'string' ? value : (value as File).name,
    ]),
  );

describe('store wizard', () => {
  it('says "não existe" for an id that is no id and for a store that is not there, never an endless spinner', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi();
    const { router } = renderApp('/shopEdit/abc');
    expect(await screen.findByText('Esta loja não existe.', {}, firstLoad)).toBeInTheDocument();
    expect(api.calls('/api/albumInfo/abc')).toEqual([]);
    await act(() => router.navigate('/albumCover/404'));
    expect(await screen.findByText('Esta loja não existe.')).toBeInTheDocument();
    expect(api.calls('/api/albumInfo/404')).toHaveLength(1);
  });

  it('the "Publicado" switch shows the truth: a failed save leaves it as the store is', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      storeServer().read,
      route('POST', '/api/save-publish-state', () => json(500, { message: 'internal_error' })),
    );
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    const published = await screen.findByRole('switch', { name: 'Publicado' }, firstLoad);
    expect(published).toBeChecked();
    await user.click(published);
    await waitFor(() => expect(api.calls('POST', '/api/save-publish-state')).toHaveLength(1));
    expect(api.calls('POST', '/api/save-publish-state')[0]?.body).toEqual({ album_id: 9, is_published: false });
    await screen.findByRole('alert');
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Publicado' })).toBeChecked());
    expect(screen.getByRole('switch', { name: 'Publicado' })).toBeEnabled();
  });
});

describe('Produtos', () => {
  it('shows a spinner while the store loads, then its twelve slots: pictures where filled, an upload where empty', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let answer!: (response: Response) => void;
    mockApi((url) =>
      url.pathname === '/api/albumInfo/9' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderApp('/shopEdit/9');
    expect((await screen.findByText('Carregando...', {}, firstLoad)).closest('[role="status"]')).not.toBeNull();
    answer(
      json(200, album({ content: [slot(1, { description: 'Caneca', actionUrl: 'https://example.com/caneca' })] })),
    );
    const slots = await screen.findByTestId('product-slots');
    expect(within(slots).getAllByRole('listitem')).toHaveLength(12);
    expect(within(slots).getByRole('img', { name: 'Caneca' })).toHaveAttribute(
      'src',
      expect.stringContaining('stores/p1-t.webp'),
    );
    expect(within(slots).getAllByLabelText(/^Enviar imagem \d+$/)).toHaveLength(11);
    expect(within(slots).queryByLabelText('Enviar imagem 2')).toBeNull();
    expect(within(slots).getByRole('button', { name: 'Editar link do produto 2' })).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).toBeNull();
  });

  it('says what went wrong when the store cannot be read', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    mockApi(route('GET', '/api/albumInfo/9', () => json(503, { message: 'service_unavailable' })));
    renderApp('/shopEdit/9');
    expect(await screen.findByRole('alert', {}, firstLoad)).toHaveTextContent(
      'O serviço está indisponível no momento.',
    );
    expect(screen.queryByTestId('product-slots')).toBeNull();
  });

  it('uploads a picture into the slot chosen and shows it once saved', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const server = storeServer();
    const api = mockApi(server.read, server.upload);
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    await user.upload(
      await screen.findByLabelText('Enviar imagem 3', {}, firstLoad),
      new File(['png'], 'caneca.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(api.calls('POST', '/api/upload-album-picture')).toHaveLength(1));
    expect(formOf(api.calls('POST', '/api/upload-album-picture')[0]?.body)).toEqual({
      album_id: '9',
      position: '2',
      album_picture: 'caneca.png',
    });
    // The new picture has no product name yet: its image is decorative (alt="") until one is given.
    await waitFor(() =>
      expect(screen.getByTestId('slot-2').querySelector('img')).toHaveAttribute(
        'src',
        expect.stringContaining('stores/p2-t.webp'),
      ),
    );
    expect(screen.queryByLabelText('Enviar imagem 3')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    // A picture dragged from the desktop onto an empty slot goes into that slot, as a chosen one does.
    const tile = screen.getByRole('button', { name: 'Enviar imagem 5' });
    const dataTransfer = { files: [new File(['png'], 'copo.png', { type: 'image/png' })], types: ['Files'] };
    fireEvent.dragOver(tile, { dataTransfer });
    fireEvent.drop(tile, { dataTransfer });
    await waitFor(() => expect(api.calls('POST', '/api/upload-album-picture')).toHaveLength(2));
    expect(formOf(api.calls('POST', '/api/upload-album-picture')[1]?.body)).toMatchObject({
      position: '4',
      album_picture: 'copo.png',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Enviar imagem 5' })).toBeNull());
  });

  it('says why an upload was refused and leaves the slot empty', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      storeServer().read,
      route('POST', '/api/upload-album-picture', () => json(413, { message: 'file_too_large' })),
    );
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    await user.upload(
      await screen.findByLabelText('Enviar imagem 1', {}, firstLoad),
      new File(['big'], 'grande.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('A imagem passa de 5 MB. Escolha um arquivo menor.');
    expect(api.calls('POST', '/api/upload-album-picture')).toHaveLength(1);
    expect(screen.getByLabelText('Enviar imagem 1')).toBeInTheDocument();
  });

  it('links a product: "Testar sua URL" waits for an http address, a refused link keeps the dialog open with the reason', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let refuse = true;
    const api = mockApi(
      storeServer([slot(4)]).read,
      route('POST', '/api/save-affiliate-link', () =>
        refuse
          ? json(400, { message: 'validation_failed', errors: { actionUrl: ['invalid_link'] } })
          : json(200, {
              position: 4,
              actionUrl: 'https://example.com/livro',
              description: 'Livro de receitas',
              revision: 3,
            }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    await user.click(await screen.findByRole('button', { name: 'Adicionar link ao produto 5' }, firstLoad));
    const dialog = await screen.findByRole('dialog', { name: 'Link de afiliado' });
    const test = within(dialog).getByRole('button', { name: 'Testar sua URL' });
    expect(test).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/^URL/), 'ftp://example.com/livro');
    expect(test).toBeDisabled();
    await user.clear(within(dialog).getByLabelText(/^URL/));
    await user.type(within(dialog).getByLabelText(/^URL/), '  https://example.com/livro ');
    expect(test).toBeEnabled();
    const name = within(dialog).getByLabelText(/^Nome do produto/);
    await user.clear(name);
    await user.type(name, ' Livro de receitas ');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Confira os campos destacados.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Link de afiliado' })).toBeInTheDocument();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.calls('POST', '/api/save-affiliate-link');
    expect(sent).toHaveLength(2);
    expect(formOf(sent[1]?.body)).toEqual({
      album_id: '9',
      position: '4',
      actionUrl: 'https://example.com/livro',
      description: 'Livro de receitas',
    });
  });

  it('deletes a product only once confirmed', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const server = storeServer([slot(0), slot(6)]);
    const api = mockApi(server.read, server.remove);
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    await user.click(await screen.findByRole('button', { name: 'Excluir produto 7' }, firstLoad));
    const ask = await screen.findByRole('alertdialog', { name: 'Excluir item' });
    await user.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.calls('POST', '/api/delete-item')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Excluir produto 7' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sim, excluir' }));
    await waitFor(() => expect(api.calls('POST', '/api/delete-item')).toHaveLength(1));
    expect(api.calls('POST', '/api/delete-item')[0]?.body).toEqual({ album_id: 9, position: 6 });
    expect(await screen.findByLabelText('Enviar imagem 7')).toBeInTheDocument();
    expect(within(screen.getByTestId('slot-0')).getByRole('img')).toBeInTheDocument();
  });

  it('two editors on one slot: the second, on a stale page, gets the conflict dialog and nothing is overwritten unseen', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    // Editor A changed product 2's link after this page was read at version 2.
    let current = album({
      content: [slot(1, { description: 'Caneca', actionUrl: 'https://example.com/velho' })],
      revision: 2,
    });
    const api = mockApi(
      route('GET', '/api/albumInfo/9', () => json(200, current)),
      route('POST', '/api/save-affiliate-link', (_url, init) => {
        if (new Headers(init.headers).get('If-Match') !== `"r${current.revision}"`)
          return json(412, { message: 'edit_conflict' });
        const sent = formOf(init.body);
        current = album({
          content: [slot(1, { description: sent.description, actionUrl: sent.actionUrl })],
          revision: current.revision + 1,
        });
        return json(200, {
          position: 1,
          actionUrl: String(sent.actionUrl),
          description: String(sent.description),
          revision: current.revision,
        });
      }),
    );
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    await user.click(await screen.findByRole('button', { name: 'Editar link do produto 2' }, firstLoad));
    current = album({
      content: [slot(1, { description: 'Caneca', actionUrl: 'https://example.com/novo' })],
      revision: 3,
      revisionAuthor: 'colega',
    });
    const linkDialog = await screen.findByRole('dialog', { name: 'Link de afiliado' });
    const name = within(linkDialog).getByLabelText(/^Nome do produto/);
    await user.clear(name);
    await user.type(name, 'Caneca azul');
    await user.click(within(linkDialog).getByRole('button', { name: 'Salvar' }));

    const conflict = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(api.calls('POST', '/api/save-affiliate-link')).toHaveLength(1);
    expect(new Headers(api.calls('POST', '/api/save-affiliate-link')[0]?.init.headers).get('If-Match')).toBe('"r2"');
    await user.click(within(conflict).getByRole('button', { name: 'Comparar' }));
    expect(within(screen.getByTestId('compare-theirs')).getByText('https://example.com/novo')).toBeInTheDocument();
    expect(screen.getByTestId('compare-mine')).toHaveTextContent('Caneca azul');
    // Keeping mine sends the same change on top of their version: their link is what the page had not seen.
    await user.click(within(conflict).getByRole('button', { name: 'Ficar com a minha (nova versão)' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    const resent = api.calls('POST', '/api/save-affiliate-link')[1];
    expect(new Headers(resent?.init.headers).get('If-Match')).toBe('"r3"');
    expect(formOf(resent?.body)).toMatchObject({ description: 'Caneca azul', actionUrl: 'https://example.com/velho' });
  });

  it('"keep theirs" on a slot first saves the change made here on top of theirs (kept in the history), then restores theirs', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let current = album({
      content: [slot(1, { description: 'Caneca', actionUrl: 'https://example.com/velho' })],
      revision: 2,
    });
    const theirs = album({
      content: [slot(1, { description: 'Caneca', actionUrl: 'https://example.com/novo' })],
      revision: 3,
      revisionAuthor: 'colega',
    });
    const api = mockApi(
      route('GET', '/api/albumInfo/9', () => json(200, current)),
      route('POST', '/api/save-affiliate-link', (_url, init) => {
        if (new Headers(init.headers).get('If-Match') !== `"r${current.revision}"`)
          return json(412, { message: 'edit_conflict' });
        const sent = formOf(init.body);
        current = album({
          content: [slot(1, { description: sent.description, actionUrl: sent.actionUrl })],
          revision: current.revision + 1,
        });
        return json(200, {
          position: 1,
          actionUrl: String(sent.actionUrl),
          description: String(sent.description),
          revision: current.revision,
        });
      }),
      (url, init) => {
        if (url.pathname !== '/api/album/9/revisions/3/restore' || init.method !== 'POST') return undefined;
        current = { ...theirs, revision: 5 };
        return json(200, current);
      },
    );
    const user = userEvent.setup();
    renderApp('/shopEdit/9');
    await user.click(await screen.findByRole('button', { name: 'Editar link do produto 2' }, firstLoad));
    current = theirs;
    const linkDialog = await screen.findByRole('dialog', { name: 'Link de afiliado' });
    const name = within(linkDialog).getByLabelText(/^Nome do produto/);
    await user.clear(name);
    await user.type(name, 'Caneca azul');
    await user.click(within(linkDialog).getByRole('button', { name: 'Salvar' }));

    const conflict = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(conflict).toHaveTextContent('guarda antes o seu texto no histórico');
    await user.click(within(conflict).getByRole('button', { name: 'Ficar com a versão de colega' }));
    expect(await screen.findByText(/O seu texto foi guardado no histórico/)).toBeInTheDocument();
    const saves = api.calls('POST', '/api/save-affiliate-link');
    expect(saves.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r2"', '"r3"']);
    expect(formOf(saves[1]?.body)).toMatchObject({ description: 'Caneca azul' });
    expect(
      api
        .calls('POST', '/api/album/9/revisions/3/restore')
        .map((call) => new Headers(call.init.headers).get('If-Match')),
    ).toEqual(['"r4"']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
