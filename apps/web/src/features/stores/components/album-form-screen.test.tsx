import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, route, type Call } from '../../../test/fake-api';
import { renderApp, signIn } from '../../../test/render-app';
import { album, categories } from '../test/staff-api';

// the screen is a lazy chunk; under a full parallel run its first load can take longer than findBy's 1 s.
const firstLoad = { timeout: 5_000 };

const categoryRoute = route('GET', '/api/album-categories', () => json(200, categories));
const ifMatchOf = (call: Call | undefined) => new Headers(call?.init.headers).get('If-Match');

describe('album form: adding', () => {
  it('checks the fields before sending, shows the address the name makes, then opens the new store with "criado"', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      categoryRoute,
      route('POST', '/api/album/add', () => json(201, { id: 9, slug: 'cafe-com-letras', message: 'album_created' })),
      route('GET', '/api/albumInfo/9', () =>
        json(
          200,
          album({
            name: 'Café com Letras',
            slug: 'cafe-com-letras',
            country: 'pt',
            category: categories[1] ?? null,
            published: false,
          }),
        ),
      ),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/albumAdd');
    expect(await screen.findByRole('heading', { name: 'Adicionar novo álbum' }, firstLoad)).toBeInTheDocument();
    const add = await screen.findByRole('button', { name: 'Adicionar álbum' });

    // Nothing is sent while a required field is empty.
    await user.click(add);
    expect(screen.getByLabelText(/^Nome do álbum/)).toBeInvalid();
    await user.type(screen.getByLabelText(/^Nome do álbum/), 'Café com Letras');
    expect(screen.getByTestId('address-preview')).toHaveTextContent(`${window.location.origin}/shop/cafe-com-letras`);
    await user.click(add);
    expect(screen.getByLabelText(/^País de destino/)).toBeInvalid();
    await user.selectOptions(screen.getByLabelText(/^País de destino/), 'Portugal');
    await user.click(add);
    expect(api.calls('POST', '/api/album/add')).toEqual([]);

    await user.selectOptions(await screen.findByLabelText(/^Categoria/), 'Música');
    await user.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe('/albumAdd/9'));
    expect(api.calls('POST', '/api/album/add').map((call) => call.body)).toEqual([
      { name: 'Café com Letras', country: 'pt', category: 4, slug: 'cafe-com-letras' },
    ]);
    expect(await screen.findByText('Álbum criado com sucesso!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Editar álbum' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nome do álbum/)).toHaveValue('Café com Letras');
  });

  it('says under the name when it makes no address, and a field the server refused under its own control', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      categoryRoute,
      route('POST', '/api/album/add', () =>
        json(400, { message: 'validation_failed', errors: { category: ['category_required'] } }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/albumAdd');
    await user.type(await screen.findByLabelText(/^Nome do álbum/, {}, firstLoad), '★★★');
    await user.selectOptions(screen.getByLabelText(/^País de destino/), 'Brasil');
    await user.selectOptions(screen.getByLabelText(/^Categoria/), 'Livros');
    await user.click(screen.getByRole('button', { name: 'Adicionar álbum' }));
    const name = screen.getByLabelText(/^Nome do álbum/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('O nome precisa de letras ou números para formar o endereço da loja.');
    expect(screen.getByRole('alert')).toHaveTextContent('Confira os campos destacados.');
    expect(api.calls('POST', '/api/album/add')).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Loja da Feira');
    await user.click(screen.getByRole('button', { name: 'Adicionar álbum' }));
    const category = screen.getByLabelText(/^Categoria/);
    await waitFor(() => expect(category).toHaveAccessibleDescription('Escolha uma categoria.'));
    expect(category).toHaveAttribute('aria-invalid', 'true');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(api.calls('POST', '/api/album/add')).toHaveLength(1);
  });

  it('says a taken address in words and keeps what was typed', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    const api = mockApi(
      categoryRoute,
      route('POST', '/api/album/add', () => json(409, { message: 'slug_taken', errors: { slug: ['slug_taken'] } })),
    );
    const user = userEvent.setup();
    const { router } = renderApp('/albumAdd');
    await user.type(await screen.findByLabelText(/^Nome do álbum/, {}, firstLoad), 'Loja da Feira');
    await user.selectOptions(screen.getByLabelText(/^País de destino/), 'Brasil');
    await user.selectOptions(await screen.findByLabelText(/^Categoria/), 'Livros');
    await user.click(screen.getByRole('button', { name: 'Adicionar álbum' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Já existe uma loja com este endereço.');
    expect(api.calls('POST', '/api/album/add')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/albumAdd');
    expect(screen.getByLabelText(/^Nome do álbum/)).toHaveValue('Loja da Feira');
    expect(screen.getByRole('button', { name: 'Adicionar álbum' })).toBeEnabled();
  });
});

describe('album form: editing', () => {
  it('shows a spinner while the store loads, then the store in the fields', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let answer!: (response: Response) => void;
    mockApi(categoryRoute, (url) =>
      url.pathname === '/api/albumInfo/9' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderApp('/albumAdd/9');
    expect((await screen.findByText('Carregando...', {}, firstLoad)).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByLabelText(/^Nome do álbum/)).toBeNull();
    answer(json(200, album()));
    expect(await screen.findByLabelText(/^Nome do álbum/)).toHaveValue('Loja da Feira');
    expect(screen.getByLabelText(/^País de destino/)).toHaveValue('br');
    await waitFor(() => expect(screen.getByLabelText(/^Categoria/)).toHaveValue('3'));
    expect(screen.getByTestId('address-preview')).toHaveTextContent('/shop/loja-da-feira');
    expect(screen.queryByText('Carregando...')).toBeNull();
  });

  it("shows the form once the categories are in too, with the store's own category chosen from the first frame", async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let answer!: (response: Response) => void;
    mockApi(
      route('GET', '/api/albumInfo/9', () => json(200, album())),
      (url) =>
        url.pathname === '/api/album-categories' ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderApp('/albumAdd/9');
    expect((await screen.findByText('Carregando...', {}, firstLoad)).closest('[role="status"]')).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByLabelText(/^Categoria/)).toBeNull();
    answer(json(200, categories));
    const select = await screen.findByLabelText(/^Categoria/);
    expect(select).toHaveValue('3');
    expect(within(select).getByRole('option', { selected: true })).not.toHaveTextContent('Escolha');
  });

  it('offers to try again when the categories cannot be read, then shows the form', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let fail = true;
    const api = mockApi(
      route('GET', '/api/albumInfo/9', () => json(200, album())),
      route('GET', '/api/album-categories', () =>
        fail ? json(503, { message: 'service_unavailable' }) : json(200, categories),
      ),
    );
    const user = userEvent.setup();
    renderApp('/albumAdd/9');
    const retry = await screen.findByRole('button', { name: 'Tentar de novo' }, firstLoad);
    expect(screen.queryByLabelText(/^Nome do álbum/)).toBeNull();
    fail = false;
    await user.click(retry);
    expect(await screen.findByLabelText(/^Categoria/)).toHaveValue('3');
    expect(api.calls('GET', '/api/album-categories').length).toBeGreaterThanOrEqual(2);
  });

  it('says what went wrong when the store cannot be read, and shows no form', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    mockApi(
      categoryRoute,
      route('GET', '/api/albumInfo/9', () => json(500, { message: 'internal_error' })),
    );
    renderApp('/albumAdd/9');
    expect(await screen.findByRole('alert', {}, firstLoad)).toHaveTextContent(
      'Algo deu errado do nosso lado. Tente novamente.',
    );
    expect(screen.queryByLabelText(/^Nome do álbum/)).toBeNull();
  });

  it('saves a new name on top of the version read, warns that the old address redirects, and saves again on the new version', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let revision = 2;
    const api = mockApi(
      categoryRoute,
      route('GET', '/api/albumInfo/9', () => json(200, album({ revision }))),
      route('PUT', '/api/album_edit/9', () =>
        json(200, { slug: 'loja-nova', message: 'album_saved', revision: ++revision }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/albumAdd/9');
    const name = await screen.findByLabelText(/^Nome do álbum/, {}, firstLoad);
    await waitFor(() => expect(screen.getByLabelText(/^Categoria/)).toHaveValue('3'));
    expect(screen.queryByTestId('address-redirect')).toBeNull();
    await user.clear(name);
    await user.type(name, 'Loja Nova');
    expect(screen.getByTestId('address-preview')).toHaveTextContent('/shop/loja-nova');
    expect(screen.getByTestId('address-redirect')).toHaveTextContent('/shop/loja-da-feira');

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Álbum editado com sucesso!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls('PUT', '/api/album_edit/9')).toHaveLength(2));
    const [first, second] = api.calls('PUT', '/api/album_edit/9');
    expect(first?.body).toEqual({ name: 'Loja Nova', country: 'br', category: 3 });
    expect([ifMatchOf(first), ifMatchOf(second)]).toEqual(['"r2"', '"r3"']);
  });

  it('on a version saved meanwhile shows both, and "keep mine" saves on top of theirs', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let stale = true;
    const api = mockApi(
      categoryRoute,
      route('GET', '/api/albumInfo/9', () =>
        json(200, stale ? album() : album({ name: 'Nome Delas', revision: 4, revisionAuthor: 'outra' })),
      ),
      route('PUT', '/api/album_edit/9', () => {
        if (!stale) return json(200, { slug: 'nome-meu', message: 'album_saved', revision: 5 });
        stale = false;
        return json(412, { message: 'edit_conflict' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/albumAdd/9');
    const name = await screen.findByLabelText(/^Nome do álbum/, {}, firstLoad);
    await waitFor(() => expect(screen.getByLabelText(/^Categoria/)).toHaveValue('3'));
    await user.clear(name);
    await user.type(name, 'Nome Meu');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const conflict = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(conflict).toHaveTextContent('outra salvou');
    await user.click(within(conflict).getByRole('button', { name: 'Ficar com a minha (nova versão)' }));
    expect(await screen.findByText('Álbum editado com sucesso!')).toBeInTheDocument();
    const saves = api.calls('PUT', '/api/album_edit/9');
    expect(saves.map(ifMatchOf)).toEqual(['"r2"', '"r4"']);
    expect(saves[1]?.body).toEqual({ name: 'Nome Meu', country: 'br', category: 3 });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('"keep theirs" first saves this form\'s version on top of theirs (kept in the history), then restores theirs, and says so', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let stale = true;
    const theirs = album({ name: 'Nome Delas', revision: 4, revisionAuthor: 'outra' });
    const api = mockApi(
      categoryRoute,
      route('GET', '/api/albumInfo/9', () => json(200, stale ? album() : theirs)),
      route('PUT', '/api/album_edit/9', () => {
        if (!stale) return json(200, { slug: 'nome-meu', message: 'album_saved', revision: 5 });
        stale = false;
        return json(412, { message: 'edit_conflict' });
      }),
      (url, init) =>
        url.pathname === '/api/album/9/revisions/4/restore' && init.method === 'POST'
          ? json(200, { ...theirs, revision: 6 })
          : undefined,
    );
    const user = userEvent.setup();
    renderApp('/albumAdd/9');
    const name = await screen.findByLabelText(/^Nome do álbum/, {}, firstLoad);
    await waitFor(() => expect(screen.getByLabelText(/^Categoria/)).toHaveValue('3'));
    await user.clear(name);
    await user.type(name, 'Nome Meu');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const conflict = await screen.findByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    expect(conflict).toHaveTextContent('guarda antes o seu texto no histórico');
    await user.click(within(conflict).getByRole('button', { name: 'Ficar com a versão de outra' }));
    expect(await screen.findByText(/O seu texto foi guardado no histórico/)).toBeInTheDocument();
    const saves = api.calls('PUT', '/api/album_edit/9');
    expect(saves.map(ifMatchOf)).toEqual(['"r2"', '"r4"']);
    expect(saves[1]?.body).toEqual({ name: 'Nome Meu', country: 'br', category: 3 });
    expect(api.calls('POST', '/api/album/9/revisions/4/restore').map(ifMatchOf)).toEqual(['"r5"']);
    expect(screen.getByLabelText(/^Nome do álbum/)).toHaveValue('Nome Delas');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('generates the description once, then links to its article; a failure says why and lets it be tried again', async () => {
    signIn(['ROLE_MODERATOR'], 'editora');
    let failing = true;
    let described = false;
    const text = 'A Loja da Feira traz livros do Brasil.';
    const api = mockApi(
      categoryRoute,
      route('GET', '/api/albumInfo/9', () =>
        json(200, described ? album({ articleId: 12, description: text, isEmptyDescription: false }) : album()),
      ),
      route('POST', '/api/album/9/suggestStoreDescription', () => {
        if (failing) return json(409, { message: 'description_exists' });
        described = true;
        return json(200, { description: text, articleId: 12 });
      }),
    );
    const user = userEvent.setup();
    renderApp('/albumAdd/9');
    const section = await screen.findByRole('region', { name: 'Descrição da loja' }, firstLoad);
    await user.click(within(section).getByRole('button', { name: 'Gerar descrição' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('A descrição já foi gerada.');
    expect(within(section).getByRole('button', { name: 'Gerar descrição' })).toBeEnabled();

    failing = false;
    await user.click(within(section).getByRole('button', { name: 'Gerar descrição' }));
    expect(await within(section).findByTestId('store-description')).toHaveTextContent(text);
    expect(within(section).getByRole('button', { name: 'Descrição gerada' })).toBeDisabled();
    expect(within(section).getByRole('link', { name: 'Editar a descrição no editor de artigos' })).toHaveAttribute(
      'href',
      '/editor/12',
    );
    expect(within(section).queryByRole('alert')).toBeNull();
    expect(api.calls('POST', '/api/album/9/suggestStoreDescription')).toHaveLength(2);
  });
});
