import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

const entry = {
  id: 12,
  tag: 'Maré Alta',
  photoPath: 'bio/0123456789abcdef0123456789abcdef.webp',
  description: 'No palco',
};

/** The multipart bodies sent to the bio's upload call, as field name → value (a file by its name). */
function sentForms(): Record<string, string>[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => new URL(String(input), 'http://papo.test').pathname === '/api/uploadBioCover')
    .map(([, init]) =>
      Object.fromEntries(
        [...(init?.body as FormData).entries()].map(([name, value]) => [
          name,
          typeof value === 'string' ? value : value.name,
        ]),
      ),
    );
}

describe('bio cover screen', () => {
  it('is the one cover editor: the tag read-only under Etiqueta, the 600×600 hint, only the description sent when no file was chosen', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    mockApi(
      (url) => (url.pathname === '/api/bio/12' ? json(200, entry) : undefined),
      (url) =>
        url.pathname === '/api/uploadBioCover'
          ? json(200, { message: 'bio_cover_saved', photoPath: entry.photoPath })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor_image_bio/12');
    await screen.findByText('Maré Alta');
    expect(screen.getByText('Etiqueta')).toBeInTheDocument();
    expect(screen.getByText(/600×600/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Pré-visualização da capa' })).toHaveAttribute(
      'src',
      `/uploads/${entry.photoPath}`,
    );
    const description = screen.getByRole('textbox', { name: /^Descrição/ });
    expect(description).toHaveValue('No palco');
    expect(description).toHaveAttribute('maxlength', '255');
    await user.clear(description);
    await user.type(description, 'Show na praia');
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    await screen.findByText('Capa salva.');
    expect(sentForms()).toEqual([{ bio_id: '12', description: 'Show na praia' }]);
  });

  it('sends the chosen file, and says the spec’s sentence when the upload fails', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    mockApi(
      (url) => (url.pathname === '/api/bio/12' ? json(200, entry) : undefined),
      (url) => (url.pathname === '/api/uploadBioCover' ? json(500, { message: 'internal_error' }) : undefined),
    );
    const user = userEvent.setup();
    renderApp('/editor_image_bio/12');
    await screen.findByText('Maré Alta');
    await user.upload(
      screen.getByTestId('cover-file-input'),
      new File([new Uint8Array([137, 80, 78, 71])], 'festa.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    await screen.findByText('Erro ao enviar a imagem.');
    await waitFor(() => expect(sentForms()).toEqual([{ bio_id: '12', description: 'No palco', file: 'festa.png' }]));
  });

  it('answers a stale version with the conflict dialog: keeping mine sends my text again on top of theirs, nothing lost', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let reads = 0;
    const mine = { ...entry, revision: 3, revisionAuthor: 'editora', revisionAt: '2026-11-27T10:00:00.000Z' };
    const theirs = {
      ...entry,
      description: 'Legenda de Bia',
      revision: 4,
      revisionAuthor: 'Bia',
      revisionAt: '2026-11-27T10:05:00.000Z',
    };
    const api = mockApi(
      (url) => (url.pathname === '/api/bio/12' ? json(200, reads++ === 0 ? mine : theirs) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/uploadBioCover') return undefined;
        return new Headers(init.headers).get('If-Match') === '"r3"'
          ? json(412, { message: 'edit_conflict' })
          : json(200, { message: 'bio_cover_saved', photoPath: entry.photoPath, revision: 5 });
      },
    );
    const user = userEvent.setup();
    renderApp('/editor_image_bio/12');
    const description = await screen.findByRole('textbox', { name: /^Descrição/ });
    await user.clear(description);
    await user.type(description, 'Minha legenda');
    await user.upload(
      screen.getByTestId('cover-file-input'),
      new File([new Uint8Array([137, 80, 78, 71])], 'palco.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(dialog).toHaveTextContent(/Bia salvou às/);
    expect(screen.queryByText('Capa salva.')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Comparar' }));
    expect(within(dialog).getByTestId('compare-theirs')).toHaveTextContent('Legenda de Bia');
    expect(within(dialog).getByTestId('compare-mine')).toHaveTextContent('Minha legenda');
    expect(within(dialog).getByTestId('compare-mine')).toHaveTextContent('Nova: palco.png');
    // What I typed and chose is still here, sent again naming Bia's version.
    expect(description).toHaveValue('Minha legenda');
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a minha (nova versão)' }));
    await screen.findByText('Capa salva.');
    const sent = api.calls('POST', '/api/uploadBioCover');
    expect(sent.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r3"', '"r4"']);
    expect(sentForms()[1]).toEqual({ bio_id: '12', description: 'Minha legenda', file: 'palco.png' });
  });

  it('keeping theirs first saves the chosen picture and text on top of theirs, then brings theirs back, and says so', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let reads = 0;
    const theirs = {
      ...entry,
      description: 'Legenda de Bia',
      revision: 4,
      revisionAuthor: 'Bia',
      revisionAt: '2026-11-27T10:05:00.000Z',
    };
    const api = mockApi(
      (url) =>
        url.pathname === '/api/bio/12'
          ? json(200, reads++ === 0 ? { ...entry, revision: 3, revisionAuthor: null, revisionAt: null } : theirs)
          : undefined,
      (url, init) =>
        url.pathname === '/api/uploadBioCover'
          ? new Headers(init.headers).get('If-Match') === '"r3"'
            ? json(412, { message: 'edit_conflict' })
            : json(200, { message: 'bio_cover_saved', photoPath: entry.photoPath, revision: 5 })
          : undefined,
      (url) => (url.pathname === '/api/bio/12/revisions/4/restore' ? json(200, { ...theirs, revision: 6 }) : undefined),
    );
    const user = userEvent.setup();
    renderApp('/editor_image_bio/12');
    const description = await screen.findByRole('textbox', { name: /^Descrição/ });
    await user.type(description, '!');
    await user.upload(
      screen.getByTestId('cover-file-input'),
      new File([new Uint8Array([137, 80, 78, 71])], 'palco.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(dialog).toHaveTextContent('Ficar com a versão de Bia guarda antes o seu texto no histórico: nada se perde.');
    await user.click(within(dialog).getByRole('button', { name: 'Ficar com a versão de Bia' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText(/O seu texto foi guardado no histórico/)).toBeInTheDocument();
    await waitFor(() => expect(description).toHaveValue('Legenda de Bia'));
    expect(screen.queryByRole('button', { name: 'Descartar imagem escolhida' })).toBeNull();
    // Mine went on top of theirs (named as If-Match), with the chosen file; then theirs came back over mine.
    const sent = api.calls('POST', '/api/uploadBioCover');
    expect(sent.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r3"', '"r4"']);
    expect(sentForms()[1]).toEqual({ bio_id: '12', description: `${entry.description}!`, file: 'palco.png' });
    const restores = api.calls('POST', '/api/bio/12/revisions/4/restore');
    expect(restores.map((call) => new Headers(call.init.headers).get('If-Match'))).toEqual(['"r5"']);
  });
});
