import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';

const entry = { id: 12, tag: 'Maré Alta', photoPath: 'bio/0123456789abcdef0123456789abcdef.webp', description: 'No palco' };

/** The multipart bodies sent to the bio's upload call, as field name → value (a file by its name). */
function sentForms(): Record<string, string>[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => new URL(String(input), 'http://papo.test').pathname === '/api/uploadBioCover')
    .map(([, init]) => Object.fromEntries([...(init?.body as FormData).entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name])));
}

describe('bio cover screen', () => {
  it('is the one cover editor: the tag read-only under Etiqueta, the 600×600 hint, only the description sent when no file was chosen', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    mockApi(
      (url) => (url.pathname === '/api/bio/12' ? json(200, entry) : undefined),
      (url) => (url.pathname === '/api/uploadBioCover' ? json(200, { message: 'bio_cover_saved', photoPath: entry.photoPath }) : undefined),
    );
    const user = userEvent.setup();
    renderApp('/editor_image_bio/12');
    await screen.findByText('Maré Alta');
    expect(screen.getByText('Etiqueta')).toBeInTheDocument();
    expect(screen.getByText(/600×600/)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Pré-visualização da capa' })).toHaveAttribute('src', `/uploads/${entry.photoPath}`);
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
    await user.upload(screen.getByTestId('cover-file-input'), new File([new Uint8Array([137, 80, 78, 71])], 'festa.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Salvar capa' }));
    await screen.findByText('Erro ao enviar a imagem.');
    await waitFor(() => expect(sentForms()).toEqual([{ bio_id: '12', description: 'No palco', file: 'festa.png' }]));
  });
});
