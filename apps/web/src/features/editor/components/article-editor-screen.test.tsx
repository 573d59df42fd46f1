import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signIn } from '../../../test/render-app';
import { json, mockApi } from '../../../test/fake-api';
import { emptyArticle } from '../lib/empty-article';

const autosaveDelay = 3000;
const categories = [{ id: 1, key: 'music', name: 'Música' }];

/** A reply the test hands over when it chooses, to hold a save on its way. */
function heldReply(body: unknown) {
  let release!: () => void;
  const reply = new Promise<Response>((resolve) => {
    release = () => resolve(json(200, body));
  });
  return { reply, release };
}

/** The JSON bodies sent with `method` to `path`, in order. */
function sentBodies(method: string, path: string): Record<string, unknown>[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(
      ([input, init]) => new URL(String(input), 'http://papo.test').pathname === path && init?.method === method,
    )
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('article editor autosave', () => {
  it('saves an edit made while the previous save was still on its way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['ROLE_MODERATOR'], 'editora');
    const puts: ReturnType<typeof heldReply>[] = [];
    mockApi(
      (url) => (url.pathname === '/api/article-categories' ? json(200, categories) : undefined),
      (url) => (url.pathname === '/api/editor/articles' ? json(201, { id: 7, slug: 'feira', revision: 1 }) : undefined),
      (url) => {
        if (url.pathname !== '/api/editor/articles/7') return undefined;
        const held = heldReply({
          slug: 'feira',
          liveSlug: 'feira',
          message: 'article_saved',
          revision: puts.length + 2,
          pendingChanges: false,
        });
        puts.push(held);
        return held.reply;
      },
    );
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { router } = renderApp('/editor');
    await user.type(await screen.findByRole('textbox', { name: /^Título/ }, { timeout: 5_000 }), 'Feira');
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor/7'));

    const description = screen.getByRole('textbox', { name: /^Descrição/ });
    await user.type(description, 'Frutas');
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    await waitFor(() => expect(puts).toHaveLength(1));
    // The first update is still on its way when the next autosave comes due.
    await user.type(description, ' e verduras');
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    expect(puts).toHaveLength(1);

    await act(async () => puts[0]!.release());
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(sentBodies('PUT', '/api/editor/articles/7').map((body) => body.description)).toEqual([
      'Frutas',
      'Frutas e verduras',
    ]);
    await act(async () => puts[1]!.release());
    expect(await screen.findByText(/Rascunho salvo/)).toBeInTheDocument();
  });
});

describe('article editor guards', () => {
  const article = {
    ...emptyArticle,
    id: 7,
    title: 'Feira',
    slug: 'feira',
    content: '<p>Frutas</p>',
    category: 1,
    updatedAt: '2026-11-27T10:00:00.000Z',
    revision: 3,
    revisionAuthor: 'editora',
    revisionAt: '2026-11-27T10:00:00.000Z',
    liveSlug: 'feira',
  };
  const server = () =>
    mockApi(
      (url) => (url.pathname === '/api/article-categories' ? json(200, categories) : undefined),
      (url, init) => (url.pathname === '/api/articles/7' && init.method !== 'PUT' ? json(200, article) : undefined),
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'PUT'
          ? json(200, {
              slug: 'feira',
              liveSlug: 'feira',
              message: 'article_saved',
              revision: 4,
              pendingChanges: false,
            })
          : undefined,
    );

  it('says "não existe" for an id that is no id, and for an article that is not there', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = server();
    const { router } = renderApp('/editor/abc');
    expect(await screen.findByText('Este artigo não existe.')).toBeInTheDocument();
    expect(api.calls('/api/articles/abc')).toEqual([]);
    await act(() => router.navigate('/editor/999'));
    expect(await screen.findByText('Este artigo não existe.')).toBeInTheDocument();
    expect(api.calls('/api/articles/999')).toHaveLength(1);
  });

  it('autosave waits for a title and says why', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = server();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp('/editor');
    await user.type(await screen.findByRole('textbox', { name: /^Descrição/ }, { timeout: 5_000 }), 'Sem título ainda');
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay * 2));
    expect(screen.getByTestId('save-status')).toHaveTextContent('Dê um título para o rascunho ser salvo');
    expect(api.calls('POST', '/api/editor/articles')).toEqual([]);
  });

  it('checks the draft with the contract’s schema first: a bad YouTube address is said beside its field and nothing is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = server();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp('/editor');
    await user.type(await screen.findByRole('textbox', { name: /^Título/ }, { timeout: 5_000 }), 'Feira');
    await user.type(screen.getByRole('textbox', { name: /^Vídeo do YouTube/ }), 'https://example.com/video');
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    expect(await screen.findByText('Não é um vídeo do YouTube (cole o endereço ou o id).')).toBeInTheDocument();
    expect(api.calls('POST', '/api/editor/articles')).toEqual([]);
  });

  it('"Próximo: categoria" goes on without a warning when all is saved, and saves first when something is not', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = server();
    const user = userEvent.setup();
    const { router } = renderApp('/editor/7');
    await screen.findByRole('textbox', { name: /^Título/ }, { timeout: 5_000 });
    await user.click(screen.getByRole('button', { name: 'Próximo: categoria' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor_step2/7'));
    expect(screen.queryByTestId('leave-dialog')).toBeNull();
    expect(api.calls('PUT', '/api/editor/articles/7')).toEqual([]);

    await act(() => router.navigate('/editor/7'));
    await user.type(await screen.findByRole('textbox', { name: /^Título/ }), ' de domingo');
    await user.click(screen.getByRole('button', { name: 'Próximo: categoria' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor_step2/7'));
    expect(screen.queryByTestId('leave-dialog')).toBeNull();
    expect(sentBodies('PUT', '/api/editor/articles/7').map((body) => body.title)).toEqual(['Feira de domingo']);
  });

  it('deletes the article after asking, saying which store shows it, and goes back to the list without a warning', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const linked = { ...article, linkedStores: ['Cantinho do Chá'] };
    const api = mockApi(
      (url) => (url.pathname === '/api/article-categories' ? json(200, categories) : undefined),
      (url, init) => (url.pathname === '/api/articles/7' && init.method !== 'DELETE' ? json(200, linked) : undefined),
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : undefined,
    );
    const user = userEvent.setup();
    const { router } = renderApp('/editor/7');
    await user.type(await screen.findByRole('textbox', { name: /^Título/ }, { timeout: 5_000 }), '!');
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir o artigo?' });
    expect(dialog).toHaveTextContent('A loja Cantinho do Chá mostra este artigo como descrição');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('DELETE', '/api/editor/articles/7')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir o artigo?' })).getByRole('button', {
        name: 'Excluir o artigo',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/editor_articles'));
    expect(api.calls('DELETE', '/api/editor/articles/7')).toHaveLength(1);
    expect(screen.queryByTestId('leave-dialog')).toBeNull();
  });
});

describe('saves that recover by themselves', () => {
  const article = {
    ...emptyArticle,
    id: 7,
    title: 'Feira',
    slug: 'feira',
    content: '<p>Frutas</p>',
    category: 1,
    updatedAt: '2026-11-27T10:00:00.000Z',
    revision: 3,
    revisionAuthor: 'editora',
    revisionAt: '2026-11-27T10:00:00.000Z',
    liveSlug: 'feira',
  };
  const saved = { slug: 'feira', liveSlug: 'feira', message: 'article_saved', revision: 4, pendingChanges: false };
  afterEach(() => localStorage.clear());

  it('tries a failed save again with a growing wait, says so, and saves once the server is back, without a click', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['ROLE_MODERATOR'], 'editora');
    let reachable = false;
    const api = mockApi(
      (url) => (url.pathname === '/api/article-categories' ? json(200, categories) : undefined),
      (url, init) => (url.pathname === '/api/articles/7' && init.method !== 'PUT' ? json(200, article) : undefined),
      (url, init) => {
        if (url.pathname !== '/api/editor/articles/7' || init.method !== 'PUT') return undefined;
        return reachable ? json(200, saved) : Promise.reject(new TypeError('Failed to fetch'));
      },
    );
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp('/editor/7');
    await user.type(
      await screen.findByRole('textbox', { name: /^Descrição/ }, { timeout: 5_000 }),
      'Frutas da estação',
    );
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    await waitFor(() =>
      expect(screen.getByTestId('save-status')).toHaveTextContent('Sem conexão — tentando de novo em 5 s'),
    );
    expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1);
    // The text waits in the browser's storage meanwhile.
    expect(JSON.parse(localStorage.getItem('papo:article-draft:7') ?? '{}')).toMatchObject({
      description: 'Frutas da estação',
      revision: 3,
    });

    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('tentando de novo em 10 s'));

    reachable = true;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent(/Rascunho salvo/));
    expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(3);
    expect(localStorage.getItem('papo:article-draft:7')).toBeNull();
    // Saves the editor made by itself say so (the server folds them into one revision per ten minutes).
    expect(api.calls('PUT', '/api/editor/articles/7').map((call) => call.url.searchParams.get('autosave'))).toEqual([
      '1',
      '1',
      '1',
    ]);
  });

  it('offers back a change a closed tab never saved, and saves it naming the version it was typed on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['ROLE_MODERATOR'], 'editora');
    localStorage.setItem(
      'papo:article-draft:7',
      JSON.stringify({
        title: 'Feira de sábado',
        description: 'Escrito antes de fechar',
        youtube: '',
        content: '<p>Frutas e legumes</p>',
        revision: 3,
        at: '2026-11-27T11:00:00.000Z',
      }),
    );
    const api = mockApi(
      (url) => (url.pathname === '/api/article-categories' ? json(200, categories) : undefined),
      (url, init) => (url.pathname === '/api/articles/7' && init.method !== 'PUT' ? json(200, article) : undefined),
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'PUT' ? json(200, saved) : undefined,
    );
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp('/editor/7');
    const offer = await screen.findByTestId('local-draft', {}, { timeout: 5_000 });
    expect(screen.getByRole('textbox', { name: /^Título/ })).toHaveValue('Feira');
    await user.click(within(offer).getByRole('button', { name: 'Recuperar alterações' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Título/ })).toHaveValue('Feira de sábado'));
    expect(await screen.findByText('Frutas e legumes')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    await waitFor(() => expect(api.calls('PUT', '/api/editor/articles/7')).toHaveLength(1));
    const put = api.calls('PUT', '/api/editor/articles/7')[0];
    expect(new Headers(put?.init.headers).get('If-Match')).toBe('"r3"');
    expect(put?.body).toMatchObject({
      title: 'Feira de sábado',
      description: 'Escrito antes de fechar',
      content: '<p>Frutas e legumes</p>',
    });
    await waitFor(() => expect(localStorage.getItem('papo:article-draft:7')).toBeNull());
  });
});

describe('the length limit', () => {
  it('says a body over the limit under the body itself and brings it into view', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(['ROLE_MODERATOR'], 'editora');
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const article = {
      ...emptyArticle,
      id: 7,
      title: 'Feira',
      slug: 'feira',
      content: '<p>Frutas</p>',
      category: 1,
      revision: 3,
      revisionAuthor: 'editora',
      revisionAt: null,
      liveSlug: 'feira',
    };
    mockApi(
      (url) => (url.pathname === '/api/article-categories' ? json(200, categories) : undefined),
      (url, init) => (url.pathname === '/api/articles/7' && init.method !== 'PUT' ? json(200, article) : undefined),
      (url, init) =>
        url.pathname === '/api/editor/articles/7' && init.method === 'PUT'
          ? json(400, { message: 'validation_failed', errors: { content: ['too_long'] } })
          : undefined,
    );
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp('/editor/7');
    await user.type(await screen.findByRole('textbox', { name: /^Descrição/ }, { timeout: 5_000 }), 'Longa');
    await act(() => vi.advanceTimersByTimeAsync(autosaveDelay));
    const error = await screen.findByTestId('body-error');
    expect(error).toHaveTextContent('O texto passou de 200.000 caracteres.');
    expect(scrolled.mock.contexts).toContain(error);
    expect(screen.getByTestId('save-status')).toHaveTextContent('Não salvo:');
  });
});

describe('the article state in the editor bar', () => {
  const base = {
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
  const stateOf = async (article: typeof base) => {
    signIn(['ROLE_MODERATOR'], 'editora');
    mockApi((url) => (url.pathname === '/api/articles/7' ? json(200, article) : undefined));
    renderApp('/editor/7');
    return within(await screen.findByTestId('editor-bar', {}, { timeout: 15_000 })).getByTestId('article-state');
  };

  it('says a draft is a draft', async () => {
    expect(await stateOf(base)).toHaveTextContent(/^Rascunho$/);
  });

  it('says when a scheduled draft goes live, in the list’s words', async () => {
    const at = '2026-12-24T21:30:00.000Z';
    const expected = new Intl.DateTimeFormat('pt', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));
    expect(await stateOf({ ...base, publishAt: at })).toHaveTextContent(`Agendado: ${expected}`);
  });

  it('says a live article with unpublished changes has them', async () => {
    expect(await stateOf({ ...base, isPublished: true, pendingChanges: true })).toHaveTextContent(
      'Publicado com alterações não publicadas',
    );
  });

  it('says a live article without changes is published', async () => {
    expect(await stateOf({ ...base, isPublished: true, publishedAt: base.updatedAt })).toHaveTextContent(/^Publicado$/);
  });
});
