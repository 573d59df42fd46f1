import type { UploadsPage } from '@papo/contract/editor';
import type { EditorArticle } from '@papo/contract/editor-articles';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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
  files: [
    {
      name: 'library/0123456789abcdef0123456789abcdef.png',
      modified: '2026-11-27T09:00:00.000Z',
      thumbnail: 'library/0123456789abcdef0123456789abcdef-480.webp',
      width: 40,
      height: 30,
    },
  ],
  page: 1,
  hasMore: false,
};

describe('images in the article body', () => {
  it('asks for the description and a caption when an image is inserted, and saves them as a figure', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, article) : undefined),
      (url) => (url.pathname === '/api/uploads' ? json(200, library) : undefined),
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'PUT'
          ? json(200, { slug: 'feira', message: 'article_saved' })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    await user.click(await screen.findByRole('button', { name: 'Imagem' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Inserir imagem' });
    await user.click(await within(dialog).findByRole('button', { name: `Inserir ${library.files[0]!.name}` }));

    const insert = within(dialog).getByRole('button', { name: 'Inserir imagem' });
    await user.click(insert);
    // No description, no image: the dialog says why and stays.
    expect(within(dialog).getByRole('textbox', { name: /Descrição da imagem/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(within(dialog).getByText(/Descreva a imagem/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Descrição da imagem/ }), 'Banca de frutas');
    await user.type(within(dialog).getByRole('textbox', { name: /Legenda/ }), 'A banca do seu Zé');
    await user.click(insert);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Salvar agora' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1));
    const sent = api.calls('PUT', '/api/editor/articles/7')[0]!.body as { content: string };
    expect(sent.content).toContain(
      `<figure><img src="/uploads/${library.files[0]!.name}" alt="Banca de frutas"><figcaption>A banca do seu Zé</figcaption></figure>`,
    );
  });
});

describe('links and tables in the article body', () => {
  it('opens the link dialog with Ctrl+K (and ⌘K) from the text, and links the selected words', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, article) : undefined),
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'PUT'
          ? json(200, { slug: 'feira', message: 'article_saved' })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    const body = await screen.findByTestId('editor-body', {}, { timeout: 15_000 });
    expect(screen.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    // focused from the keyboard's side: jsdom has no layout for a click to find a position in the text.
    body.focus();
    await user.keyboard('{Meta>}k{/Meta}');
    const viaCmd = await screen.findByRole('dialog', { name: /link/i });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(viaCmd).not.toBeInTheDocument());
    // Select the text, Ctrl+K, type the address: the words are a link.
    body.focus();
    await user.keyboard('{Control>}a{/Control}{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: /link/i });
    await user.type(within(dialog).getByRole('textbox'), 'example.com/frutas{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Salvar agora' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1));
    expect((api.calls('PUT', '/api/editor/articles/7')[0]!.body as { content: string }).content).toContain(
      '<a href="https://example.com/frutas">Frutas</a>',
    );
  });

  it('loads a table as a table and saves it as one', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const table =
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>Dia</p></th><th colspan="1" rowspan="1"><p>Palco</p></th></tr><tr><td colspan="1" rowspan="1"><p>Sábado</p></td><td colspan="1" rowspan="1"><p>Praça</p></td></tr></tbody></table>';
    const api = mockApi(
      (url) =>
        url.pathname === '/api/articles/7' ? json(200, { ...article, content: `<p>Programa</p>${table}` }) : undefined,
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'PUT'
          ? json(200, { slug: 'feira', message: 'article_saved' })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    const body = await screen.findByTestId('editor-body', {}, { timeout: 15_000 });
    const grid = await within(body).findByRole('table');
    expect(within(grid).getAllByRole('row')).toHaveLength(2);
    expect(within(grid).getByRole('columnheader', { name: 'Palco' })).toBeInTheDocument();
    body.focus();
    await user.keyboard('Novo ');
    await user.click(screen.getByRole('button', { name: 'Salvar agora' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1));
    const sent = (api.calls('PUT', '/api/editor/articles/7')[0]!.body as { content: string }).content;
    expect(sent).toMatch(/<table[^>]*>.*<th colspan="1" rowspan="1"><p>Dia<\/p><\/th>/);
    expect(sent).toContain('<td colspan="1" rowspan="1"><p>Praça</p></td>');
    expect(sent).toContain('Novo Programa');
  });
});

/** A paste of `html` into the body, as the browser sends it (jsdom has no ClipboardEvent). */
function pasteInto(target: HTMLElement, html: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: { getData: (type: string) => (type === 'text/html' ? html : ''), files: [], types: ['text/html'] },
  });
  fireEvent(target, event);
}

describe('images a paste left out', () => {
  it('sends them to the library through the server, puts each kept one back where it was, and says why one was refused', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const kept = library.files[0]!;
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, article) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/editor/library/import' || init.method !== 'POST') return undefined;
        const { url: address } = JSON.parse(String(init.body)) as { url: string };
        return address === 'https://outro.example/foto.jpg'
          ? json(201, kept)
          : json(400, { message: 'import_not_image' });
      },
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'PUT'
          ? json(200, { slug: 'feira', message: 'article_saved' })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    const body = await screen.findByTestId('editor-body', {}, { timeout: 15_000 });
    pasteInto(
      body,
      '<p>Antes da foto.</p><p><img src="https://outro.example/foto.jpg" alt="Foto de fora"></p><p>Depois da foto.</p><figure><img src="https://cdn.example/pagina.png" alt="Outra"><figcaption>Legenda</figcaption></figure>',
    );
    const notice = await screen.findByTestId('paste-notice');
    expect(notice).toHaveTextContent('2 imagens externas não foram coladas');
    expect(api.calls('POST', '/api/editor/library/import')).toHaveLength(0);

    await user.click(within(notice).getByRole('button', { name: 'Enviar à biblioteca' }));
    const rows = within(notice).getByRole('list', { name: 'Imagens externas enviadas à biblioteca' });
    await waitFor(() => expect(rows).toHaveAttribute('aria-busy', 'false'));
    expect(
      within(rows)
        .getByText(/foto\.jpg/)
        .closest('li'),
    ).toHaveTextContent('enviada à biblioteca e inserida');
    expect(
      within(rows)
        .getByText(/pagina\.png/)
        .closest('li'),
    ).toHaveTextContent('O endereço não devolveu uma imagem.');
    // Each image is asked for once, and the action is gone (no second import of the same paste).
    expect(api.calls('POST', '/api/editor/library/import').map((call) => (call.body as { url: string }).url)).toEqual([
      'https://outro.example/foto.jpg',
      'https://cdn.example/pagina.png',
    ]);
    expect(within(notice).queryByRole('button', { name: 'Enviar à biblioteca' })).not.toBeInTheDocument();
    // The sentence says what happened, no longer what the paste left out.
    expect(notice).not.toHaveTextContent('não foram coladas');
    expect(notice).toHaveTextContent(
      '1 imagem externa foi enviada à biblioteca e inserida. 1 imagem externa continua de fora: o motivo está abaixo.',
    );
    expect(
      within(rows)
        .getByText(/foto\.jpg/)
        .closest('li'),
    ).toHaveTextContent('Descrição: “Foto de fora”.');

    await user.click(screen.getByRole('button', { name: 'Salvar agora' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1));
    const sent = (api.calls('PUT', '/api/editor/articles/7')[0]!.body as { content: string }).content;
    expect(sent).toMatch(
      new RegExp(
        `<p>Antes da foto\\.</p><figure><img src="/uploads/${kept.name}" alt="Foto de fora">(<figcaption></figcaption>)?</figure><p>Depois da foto\\.`,
      ),
    );
    expect(sent).not.toContain('pagina.png');
  });
});

describe('images a paste left out, all imported', () => {
  it('says all were inserted, takes the title for a picture without alt text, and asks for the description of one without either', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const files = ['a', 'b', 'c'].map((letter) => ({
      ...library.files[0]!,
      name: `library/${letter.repeat(32)}.png`,
    }));
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, article) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/editor/library/import' || init.method !== 'POST') return undefined;
        const { url: address } = JSON.parse(String(init.body)) as { url: string };
        const at = ['https://a.example/um.png', 'https://a.example/dois.png', 'https://a.example/tres.png'].indexOf(
          address,
        );
        return at === -1 ? undefined : json(201, files[at]);
      },
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'PUT'
          ? json(200, { slug: 'feira', message: 'article_saved' })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    const body = await screen.findByTestId('editor-body', {}, { timeout: 15_000 });
    pasteInto(
      body,
      '<p>Um.</p><p><img src="https://a.example/um.png" alt="Primeira foto"></p><p>Dois.</p><p><img src="https://a.example/dois.png" title="Foto com título"></p><p>Três.</p><p><img src="https://a.example/tres.png"></p>',
    );
    const notice = await screen.findByTestId('paste-notice');
    expect(notice).toHaveTextContent('3 imagens externas não foram coladas');
    await user.click(within(notice).getByRole('button', { name: 'Enviar à biblioteca' }));
    const rows = within(notice).getByRole('list', { name: 'Imagens externas enviadas à biblioteca' });
    await waitFor(() => expect(rows).toHaveAttribute('aria-busy', 'false'));
    const row = (name: RegExp) => within(rows).getByText(name).closest('li')!;
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        'As 3 imagens externas foram enviadas à biblioteca e inseridas onde estavam. 1 imagem inserida está sem descrição',
      ),
    );
    expect(notice).not.toHaveTextContent('não foram coladas');
    expect(row(/um\.png/)).toHaveTextContent('Descrição: “Primeira foto”.');
    expect(row(/dois\.png/)).toHaveTextContent('Descrição: “Foto com título”.');
    expect(row(/tres\.png/)).toHaveTextContent('Sem descrição.');

    // The one without a description opens the figure's own dialog, which asks for it.
    await user.click(within(row(/tres\.png/)).getByRole('button', { name: 'Descrever imagem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descrição e legenda da imagem' });
    await user.type(within(dialog).getByRole('textbox', { name: /Descrição da imagem/ }), 'Terceira foto');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(row(/tres\.png/)).toHaveTextContent('Descrição: “Terceira foto”.'));
    expect(notice).not.toHaveTextContent('sem descrição');
    expect(within(row(/tres\.png/)).getByRole('button', { name: 'Editar descrição' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Salvar agora' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1));
    const sent = (api.calls('PUT', '/api/editor/articles/7')[0]!.body as { content: string }).content;
    const alts = [...sent.matchAll(/<img src="\/uploads\/([^"]+)" alt="([^"]*)">/g)].map((m) => [m[1], m[2]]);
    expect(alts).toEqual([
      [files[0]!.name, 'Primeira foto'],
      [files[1]!.name, 'Foto com título'],
      [files[2]!.name, 'Terceira foto'],
    ]);
  });
});

/** A paste of plain text into the body, as when an address is copied from the browser's address bar. */
function pasteText(target: HTMLElement, text: string) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: { getData: (type: string) => (type === 'text/plain' ? text : ''), files: [], types: ['text/plain'] },
  });
  fireEvent(target, event);
}

describe('a YouTube address pasted into the body', () => {
  // The caret starts at the beginning of the text: on an empty line when the text starts with one.
  const saveMock = (content: string) =>
    mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, { ...article, content }) : undefined),
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'PUT'
          ? json(200, { slug: 'feira', message: 'article_saved' })
          : undefined,
    );
  const sentContent = async (api: ReturnType<typeof mockApi>, user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: 'Salvar agora' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1));
    return (api.calls('PUT', '/api/editor/articles/7')[0]!.body as { content: string }).content;
  };

  it('becomes the video, with its start time, alone on an empty line; Ctrl+Z gives the link back', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = saveMock('<p></p><p>Frutas</p>');
    const user = userEvent.setup();
    renderApp('/editor/7');
    const body = await screen.findByTestId('editor-body', {}, { timeout: 15_000 });
    body.focus();
    pasteText(body, 'https://youtu.be/dQw4w9WgXcQ?t=42');
    await waitFor(() => expect(body.querySelector('iframe')).not.toBeNull());
    expect(body.querySelector('iframe')!.getAttribute('src')).toMatch(/embed\/dQw4w9WgXcQ\?.*start=42/);

    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(body.querySelector('iframe')).toBeNull());
    expect(within(body).getByRole('link', { name: 'https://youtu.be/dQw4w9WgXcQ?t=42' })).toHaveAttribute(
      'href',
      'https://youtu.be/dQw4w9WgXcQ?t=42',
    );
    expect(await sentContent(api, user)).toContain(
      '<p><a href="https://youtu.be/dQw4w9WgXcQ?t=42">https://youtu.be/dQw4w9WgXcQ?t=42</a></p>',
    );
  });

  it('is saved as the video the toolbar makes, with the caret on the line after it', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = saveMock('<p></p>');
    const user = userEvent.setup();
    renderApp('/editor/7');
    const body = await screen.findByTestId('editor-body', {}, { timeout: 15_000 });
    body.focus();
    pasteText(body, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await waitFor(() => expect(body.querySelector('iframe')).not.toBeNull());
    await user.keyboard('Depois');
    expect(await sentContent(api, user)).toMatch(
      /^<div data-youtube-video=""><iframe [^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ[^>]*><\/iframe><\/div><p>Depois<\/p>$/,
    );
  });

  it('stays a link when pasted among words', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = saveMock('<p>Frutas</p>');
    const user = userEvent.setup();
    renderApp('/editor/7');
    const body = await screen.findByTestId('editor-body', {}, { timeout: 15_000 });
    body.focus();
    pasteText(body, 'https://youtu.be/dQw4w9WgXcQ');
    await waitFor(() => expect(body).toHaveTextContent('https://youtu.be/dQw4w9WgXcQFrutas'));
    expect(body.querySelector('iframe')).toBeNull();
    expect(await sentContent(api, user)).toContain('<p><a href="https://youtu.be/dQw4w9WgXcQ">');
  });
});

describe('subscript, superscript and highlight', () => {
  it('are toggled by their buttons and by Ctrl+, Ctrl+. and Ctrl+Shift+H, which the buttons name', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      (url) => (url.pathname === '/api/articles/7' ? json(200, { ...article, content: '<p></p>' }) : undefined),
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'PUT'
          ? json(200, { slug: 'feira', message: 'article_saved' })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/editor/7');
    const body = await screen.findByTestId('editor-body', {}, { timeout: 15_000 });
    const sub = screen.getByRole('button', { name: 'Subscrito' });
    const sup = screen.getByRole('button', { name: 'Sobrescrito' });
    const highlight = screen.getByRole('button', { name: 'Destacar' });
    expect(sub).toHaveAttribute('title', 'Subscrito (Ctrl+, ou ⌘,)');
    expect(sup).toHaveAttribute('aria-keyshortcuts', 'Control+. Meta+.');
    expect(highlight).toHaveAttribute('aria-keyshortcuts', 'Control+Shift+H Meta+Shift+H');
    body.focus();
    await user.keyboard('H{Control>},{/Control}2');
    expect(sub).toHaveAttribute('aria-pressed', 'true');
    expect(sup).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Control>},{/Control}O x');
    expect(sub).toHaveAttribute('aria-pressed', 'false');
    await user.click(sup);
    // The button gives the focus back to the text a moment after the click (TipTap's focus command waits a frame).
    await waitFor(() => expect(body).toHaveFocus());
    await user.keyboard('2');
    expect(sup).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{Control>}.{/Control} ');
    // the key as jsdom sends it (a browser's "H" is matched by its key code, which jsdom does not give).
    await user.keyboard('{Control>}{Shift>}h{/Shift}{/Control}novo');
    expect(highlight).toHaveAttribute('aria-pressed', 'true');
    await user.click(highlight);
    await waitFor(() => expect(body).toHaveFocus());
    await user.keyboard(' fim');
    expect(highlight).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Salvar agora' }));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1));
    expect((api.calls('PUT', '/api/editor/articles/7')[0]!.body as { content: string }).content).toBe(
      '<p>H<sub>2</sub>O x<sup>2</sup> <mark>novo</mark> fim</p>',
    );
  });
});
