import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, route, type Call } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { album } from '../test/staff-api';

// NOTE: the screen is a lazy chunk; under a full parallel run its first load can take longer than findBy's 1 s.
const firstLoad = { timeout: 5_000 };

const fieldsOf = (call: Call | undefined) => Object.fromEntries([...(call?.body as FormData).entries()].map(([key, value]) => [key, String(value)]));

/** The cover step answering each save with `answer` (the store is read at version 2 until a save succeeds). */
function coverServer(answer: () => Response) {
  return mockApi(
    route('GET', '/api/albumInfo/9', () => json(200, album({ description: 'Livros usados' }))),
    (url, init) => (url.pathname === '/api/uploadAlbumCover' && init.method === 'POST' ? answer() : undefined),
  );
}

describe('album cover step', () => {
  it('saves the description on the version read, without a picture when none was chosen', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = coverServer(() => json(200, { message: 'cover_saved', cover: null, revision: 3 }));
    const user = userEvent.setup();
    renderApp('/albumCover/9');
    const description = await screen.findByLabelText(/^Descrição/, {}, firstLoad);
    expect(description).toHaveValue('Livros usados');
    await user.clear(description);
    await user.type(description, 'Livros usados e raros');
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    expect(await screen.findByText('Capa salva.')).toBeInTheDocument();
    const [save] = api.calls('POST', '/api/uploadAlbumCover');
    expect(fieldsOf(save)).toEqual({ album_id: '9', description: 'Livros usados e raros' });
    expect(new Headers(save?.init.headers).get('If-Match')).toBe('"r2"');
  });

  it('names the rule a refused description broke', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    coverServer(() => json(400, { message: 'validation_failed', errors: { description: ['description_too_long'] } }));
    const user = userEvent.setup();
    renderApp('/albumCover/9');
    await screen.findByLabelText(/^Descrição/, {}, firstLoad);
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A descrição da capa pode ter até 255 caracteres.');
  });

  it('on a version saved meanwhile says nothing was overwritten and reads the store again', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = coverServer(() => json(412, { message: 'edit_conflict' }));
    const user = userEvent.setup();
    renderApp('/albumCover/9');
    await screen.findByLabelText(/^Descrição/, {}, firstLoad);
    expect(api.calls('GET', '/api/albumInfo/9')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nada foi sobrescrito.');
    await waitFor(() => expect(api.calls('GET', '/api/albumInfo/9')).toHaveLength(2));
  });
});
