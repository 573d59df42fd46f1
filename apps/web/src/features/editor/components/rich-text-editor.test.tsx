import type { EditorArticle, UploadsPage } from '@papo/contract/editor';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { emptyArticle } from '../lib/empty-article';

const article: EditorArticle = {
  ...emptyArticle,
  id: 7,
  title: 'Feira',
  slug: 'feira',
  content: '<p>Frutas</p>',
  updatedAt: '2026-11-27T10:00:00.000Z',
  revision: 3,
  revisionAuthor: 'editora',
  revisionAt: '2026-11-27T10:00:00.000Z',
  liveSlug: 'feira',
};
const library: UploadsPage = {
  files: [{ name: 'library/0123456789abcdef0123456789abcdef.png', modified: '2026-11-27T09:00:00.000Z', thumbnail: 'library/0123456789abcdef0123456789abcdef-480.webp', width: 40, height: 30 }],
  page: 1,
  hasMore: false,
};

describe('images in the article body', () => {
  it('asks for the description and a caption when an image is inserted, and saves them as a figure', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, article) : undefined),
      (url) => (url.pathname === '/api/uploads' ? json(200, library) : undefined),
      (url, init) => (url.pathname === '/api/editor/articles/7' && init.method === 'PUT' ? json(200, { slug: 'feira', message: 'article_saved' }) : undefined),
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    await user.click(await screen.findByRole('button', { name: 'Imagem' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Inserir imagem' });
    await user.click(await within(dialog).findByRole('button', { name: `Inserir ${library.files[0]!.name}` }));

    const insert = within(dialog).getByRole('button', { name: 'Inserir imagem' });
    await user.click(insert);
    // No description, no image: the dialog says why and stays.
    expect(within(dialog).getByRole('textbox', { name: /Descrição da imagem/ })).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText(/Descreva a imagem/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Descrição da imagem/ }), 'Banca de frutas');
    await user.type(within(dialog).getByRole('textbox', { name: /Legenda/ }), 'A banca do seu Zé');
    await user.click(insert);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Salvar agora' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1));
    const sent = api.calls('PUT', '/api/editor/articles/7')[0]!.body as { content: string };
    expect(sent.content).toContain(`<figure><img src="/uploads/${library.files[0]!.name}" alt="Banca de frutas"><figcaption>A banca do seu Zé</figcaption></figure>`);
  });
});
