import type { LibraryImageUses, UploadedFile, UploadsPage } from '@papo/contract/editor';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

const file = (name: string): UploadedFile => ({
  name: `library/${name}.png`,
  modified: '2026-11-27T10:00:00.000Z',
  thumbnail: `thumbs/library/${name}.webp`,
  width: 400,
  height: 300,
});
const used = file('a1');
const unused = file('b2');

describe('deleting a library image', () => {
  it('says where an image in use is used and offers no delete; deletes an unused one after a confirmation', async () => {
    signIn(['ROLE_ADMIN'], 'editora');
    let files = [used, unused];
    const api = mockApi(
      (url) =>
        url.pathname === '/api/uploads'
          ? json(200, { files, page: 1, hasMore: false } satisfies UploadsPage)
          : undefined,
      (url) => {
        if (url.pathname === `/api/uploads/${used.name}/uses`) {
          return json(200, {
            uses: [
              { kind: 'article', id: 4, label: 'Feira de domingo' },
              { kind: 'store', id: 2, label: 'Loja da praia' },
            ],
          } satisfies LibraryImageUses);
        }
        return url.pathname === `/api/uploads/${unused.name}/uses`
          ? json(200, { uses: [] } satisfies LibraryImageUses)
          : undefined;
      },
      (url, init) => {
        if (init.method !== 'DELETE' || url.pathname !== `/api/uploads/${unused.name}`) return undefined;
        files = [used];
        return new Response(null, { status: 204 });
      },
    );
    const user = userEvent.setup();
    renderApp('/upload');

    await user.click(await screen.findByRole('button', { name: `Abrir ${used.name}` }, { timeout: 15_000 }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Imagem' })).getByRole('button', { name: 'Excluir imagem' }),
    );
    const blocked = await screen.findByRole('alertdialog', { name: 'Excluir a imagem?' });
    const where = await within(blocked).findByTestId('image-uses');
    expect(where).toHaveTextContent('Esta imagem está em uso');
    expect(
      within(where)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Artigo “Feira de domingo”', 'Loja “Loja da praia”']);
    expect(within(blocked).queryByRole('button', { name: 'Excluir a imagem' })).not.toBeInTheDocument();
    await user.click(within(blocked).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Abrir ${unused.name}` }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Imagem' })).getByRole('button', { name: 'Excluir imagem' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir a imagem?' });
    // Cancel is the safe first choice.
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.click(await within(confirm).findByRole('button', { name: 'Excluir a imagem' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('button', { name: `Abrir ${unused.name}` })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: `Abrir ${used.name}` })).toBeInTheDocument();
    expect(api.calls('DELETE', `/api/uploads/${unused.name}`)).toHaveLength(1);
    expect(api.calls('DELETE', `/api/uploads/${used.name}`)).toHaveLength(0);
    expect(api.calls(`/api/uploads/${unused.name}/uses`)).toHaveLength(1);
  });
});
