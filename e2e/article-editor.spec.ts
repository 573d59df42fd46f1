import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken, createUser, logIn, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { expectPath } from './support/expect-page.js';
import { screenshot } from './support/screenshot.js';
import { recordApiCalls, writes } from './support/page-watch.js';
import { useBrowserSuite } from './support/suite.js';

const moderator: Account = {
  username: 'editora_e2e',
  email: 'editora@papo.test',
  password: 'senha-longa-editor-123',
  role: 'ROLE_MODERATOR',
};
const member: Account = { username: 'leitor_e2e', email: 'leitor@papo.test', password: 'senha-longa-leitor-123' };
// a word of its own per run, so the search finds this article whatever else the database holds; new for each
// try of the article's test, so a second try does not meet the first try's article (its address is taken).
const newMarker = () => `quiabo${randomBytes(3).toString('hex').replace(/\d/g, 'x')}`;
let marker = newMarker();
let title = `Feira de domingo ${marker}`;

const suite = useBrowserSuite();

beforeAll(async () => {
  await createUser(suite.server, moderator);
  await createUser(suite.server, member);
});

const picture = (background: string, width = 1200, height = 630) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** Drops `bytes` as a file on the element, as a drag from the desktop does. */
async function dropFile(page: Page, selector: string, file: { name: string; type: string; bytes: Buffer }) {
  const transfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([data], name, { type }));
      return dt;
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64') },
  );
  for (const event of ['dragenter', 'dragover', 'drop'])
    await page.dispatchEvent(selector, event, { dataTransfer: transfer });
}

/** The JavaScript files the page loads from now on (their paths). */
function watchScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  return scripts;
}

/**
 * Whether any of the scripts carries the rich-text editor (ProseMirror's class names are in its code).
 * the files are read again from the server: the browser drops response bodies on navigation.
 */
async function loadsEditorCode(page: Page, scripts: Set<string>): Promise<boolean> {
  const texts = await Promise.all([...scripts].map(async (path) => (await page.request.get(path)).text()));
  return texts.some((text) => text.includes('ProseMirror-trailingBreak'));
}

describe('article back office', () => {
  it('public pages do not load the editor: its code lives in a chunk of its own', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    const scripts = watchScripts(page);
    for (const path of ['/', '/blog']) {
      await page.goto(path);
      await page.locator('main').waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.size).toBeGreaterThan(0);
    expect(await loadsEditorCode(page, scripts)).toBe(false);
    await finish();
  });

  it('a member opening /editor lands on their profile, told the page is for staff', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await logIn(page, member);
    await page.goto('/editor');
    await expectPath(page, '/profile');
    await page.getByText('Essa página é só para a equipe do Papo').waitFor();
    await finish();
  });

  it('a moderator writes, publishes and covers an article that then shows on /blog and in the search', async () => {
    marker = newMarker();
    title = `Feira de domingo ${marker}`;
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    const sent = recordApiCalls(page, writes);
    await logIn(page, moderator);
    const scripts = watchScripts(page);

    // The image library: a PNG goes up with its progress; a text file is named and refused before sending.
    await page.goto('/upload');
    await page.getByRole('heading', { name: 'Biblioteca de Imagens' }).waitFor();
    await page.getByTestId('library-file-input').setInputFiles([
      { name: 'mercado.png', mimeType: 'image/png', buffer: await picture('#d95', 900, 600) },
      { name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('não é imagem') },
    ]);
    await page.getByRole('button', { name: 'Upload de Imagens' }).click();
    await page.getByTestId('upload-rows').getByText('Enviada', { exact: true }).waitFor();
    expect(await page.getByTestId('upload-rows').innerText()).toContain('"notas.txt" não é JPEG nem PNG');
    await page.getByTestId('library-grid').getByRole('button').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'library-1280');

    // The editor: title, then a heading, a paragraph with a link, and an image from the library.
    await page.goto('/editor');
    await page.getByRole('textbox', { name: /^Título/ }).fill(title);
    expect(await page.getByTestId('slug-preview').innerText()).toContain(`/blog/feira-de-domingo-${marker}`);
    const body = page.getByTestId('editor-body');
    await body.click();
    await page.getByRole('button', { name: 'Título de seção' }).click();
    await page.keyboard.type('Barracas e cores');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`Chegue cedo para o ${marker} fresco.`);
    await page.keyboard.press('Enter');
    const linkText = 'Programação da feira';
    await page.keyboard.type(linkText);
    for (let i = 0; i < linkText.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('textbox', { name: 'Endereço do link' }).fill('https://example.com/feira');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await body.locator('a[href="https://example.com/feira"]').waitFor();
    // Typing goes on in the text once the dialog has handed the focus back.
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'editor-body');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Imagem', exact: true }).click();
    await page.getByRole('dialog').getByTestId('library-grid').getByRole('button').first().click();
    // The image is inserted with a description (asked for) and a caption.
    await page.getByRole('textbox', { name: /Descrição da imagem/ }).fill('Banca de frutas');
    await page.getByRole('textbox', { name: /Legenda/ }).fill('A banca do seu Zé');
    await page.getByRole('button', { name: 'Inserir imagem' }).click();
    await page
      .getByTestId('save-status')
      .getByText(/Rascunho salvo/)
      .waitFor();
    await page.waitForURL(/\/editor\/\d+$/);
    const id = Number(/\/editor\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    expect(id).toBeGreaterThan(0);
    expect(await body.locator('h2').innerText()).toBe('Barracas e cores');
    expect(await body.locator('a[href="https://example.com/feira"]').innerText()).toBe('Programação da feira');
    expect(await body.locator('figure img[src^="/uploads/library/"][alt="Banca de frutas"]').count()).toBe(1);
    expect(await body.locator('figcaption').innerText()).toBe('A banca do seu Zé');
    // The check of the public pages can fail: the editor's own page does load that code.
    expect(await loadsEditorCode(page, scripts)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'editor-1280');

    // Category and publication.
    await page.getByRole('link', { name: /Categoria/ }).click();
    await expectPath(page, `/editor_step2/${id}`);
    await page.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Música' });
    await page.getByRole('switch', { name: 'Publicar' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    expect(await page.getByTestId('category-status').innerText()).toBe('Publicado com sucesso');
    await expectAccessible(page);
    await screenshot(page, 'category-1280');

    // The cover, by drag and drop, with its share preview.
    await page.getByRole('link', { name: /Capa/ }).click();
    await expectPath(page, `/editor_image/${id}`);
    await page.getByTestId('cover-dropzone').waitFor();
    await dropFile(page, '[data-testid="cover-dropzone"]', {
      name: 'capa.png',
      type: 'image/png',
      bytes: await picture('#2b7'),
    });
    await page.getByRole('img', { name: 'Pré-visualização da capa' }).waitFor();
    await page.getByRole('textbox', { name: /^Descrição/ }).fill('Frutas, verduras e conversa boa.');
    expect(await page.getByTestId('share-preview').innerText()).toContain('Frutas, verduras e conversa boa.');
    await page.getByRole('button', { name: 'Salvar capa' }).click();
    await page.getByTestId('cover-saved').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'cover-1280');

    // Every write was sent once: the first autosave created the article, later ones updated it.
    expect(sent.filter((w) => w === 'POST /api/editor/articles')).toHaveLength(1);
    expect(sent.filter((w) => w === 'PUT /api/editor_edit2/' + id)).toHaveLength(1);
    expect(sent.filter((w) => w === 'POST /api/uploadArticleCover')).toHaveLength(1);

    // The public side: on /blog with its cover, and found by the search.
    await page.goto('/blog');
    const card = page.getByTestId('article-list').locator('li').filter({ hasText: title });
    await card.waitFor();
    expect(await card.locator('img').getAttribute('src')).toMatch(/^\/uploads\/library\/[a-f0-9]{32}\.png$/);
    await page.getByRole('searchbox', { name: 'Procurar no blog' }).fill(marker);
    await page.getByRole('searchbox', { name: 'Procurar no blog' }).press('Enter');
    await page.getByTestId('search-results').getByText(title).waitFor();

    // The back office list finds it by a part of its title and its status, both kept in the address.
    await page.goto('/editor_articles');
    const search = page.getByRole('search', { name: 'Buscar artigos' });
    await search.getByRole('searchbox', { name: 'Buscar pelo título' }).fill(marker);
    await search.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('combobox', { name: 'Situação' }).selectOption('published');
    await page.waitForURL(
      (url) => url.pathname === '/editor_articles' && url.search === `?q=${marker}&status=published`,
    );
    await page.getByRole('link', { name: new RegExp(`Editar: ${title}`) }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'list-1280');
    await finish();
  });

  it('a long article keeps the save state, "Salvar agora" and the toolbar in view while typing at its end', async () => {
    const token = await apiToken(suite.server, moderator);
    const body = Array.from(
      { length: 200 },
      (_, i) => `<p>Parágrafo ${i + 1} de um texto longo que enche a página.</p>`,
    ).join('');
    const created = await fetch(`${suite.server.url}/api/editor/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: `Longo ${newMarker()}`, content: body }),
    });
    const { id } = (await created.json()) as { id: number };
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await logIn(page, moderator);
    await page.goto(`/editor/${id}`);
    await page.getByTestId('editor-body').getByText('Parágrafo 200 de').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Fim.');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(3000);
    const bar = await page.getByTestId('editor-bar').boundingBox();
    const toolbar = await page.getByRole('toolbar', { name: 'Formatação' }).boundingBox();
    // Under the site's header (64 px), the bar, then the toolbar right under it.
    expect(bar?.y).toBeGreaterThanOrEqual(60);
    expect(bar?.y).toBeLessThanOrEqual(70);
    expect(toolbar?.y).toBeCloseTo((bar?.y ?? 0) + (bar?.height ?? 0), -1);
    await page.getByTestId('editor-bar').getByRole('button', { name: 'Salvar agora' }).click();
    await page
      .getByTestId('save-status')
      .getByText(/Rascunho salvo/)
      .waitFor();
    await screenshot(page, 'editor-long-end-1280', { fullPage: false });
    await finish();
  });

  it('the back office screens fit a phone', async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    await logIn(page, moderator);
    await page.goto('/editor_articles');
    await page.getByRole('link', { name: new RegExp(`Editar: ${title}`) }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'list-360');
    // The newest library image is the article's cover: deleting it is refused, naming the article.
    await page.goto('/upload');
    await page.getByTestId('library-grid').getByRole('button').first().click();
    await page.getByRole('button', { name: 'Excluir imagem' }).click();
    const uses = page.getByRole('alertdialog', { name: 'Excluir a imagem?' }).getByTestId('image-uses');
    await uses.getByText(`Artigo “${title}”`).waitFor();
    expect(await page.getByRole('button', { name: 'Excluir a imagem' }).count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'delete-image-360');
    await page.getByRole('button', { name: 'Fechar' }).click();
    await page.goto('/editor_articles');
    await page.getByRole('link', { name: new RegExp(`Editar: ${title}`) }).waitFor();
    await page.getByRole('link', { name: new RegExp(`Editar: ${title}`) }).click();
    await page.getByTestId('editor-body').waitFor();
    await screenshot(page, 'editor-360');
    await finish();
  });
  it('the editor bar fits a phone: saving and publishing on the bar, the rest under "Mais", and its state said', async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    await logIn(page, moderator);
    const sent = recordApiCalls(page, writes);
    await page.goto('/editor_articles');
    await page.getByRole('link', { name: new RegExp(`Editar: ${title}`) }).click();
    await page.getByTestId('editor-body').waitFor();
    const bar = page.getByTestId('editor-bar');
    expect(await bar.getByTestId('article-state').innerText()).toBe('Publicado');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const inView = async (name: string) => {
      const box = await bar.getByRole('button', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    };
    for (const name of ['Publicar alterações', 'Salvar agora', 'Mais']) await inView(name);
    // The panel buttons are in the menu, not hidden off the bar's edge.
    expect(await bar.getByRole('button', { name: 'Histórico', exact: true }).isVisible()).toBe(false);
    await bar.getByRole('button', { name: 'Mais', exact: true }).click();
    const menu = page.getByRole('menu');
    for (const name of ['Pré-visualizar', 'Link de pré-visualização', 'Histórico', 'Excluir']) {
      const box = await menu.getByRole('menuitem', { name, exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    await expectAccessible(page);
    await screenshot(page, 'editor-more-360', { fullPage: false });
    await menu.getByRole('menuitem', { name: 'Histórico', exact: true }).click();
    await page.getByRole('dialog', { name: 'Histórico de versões' }).waitFor();
    await page.keyboard.press('Escape');
    expect(sent).toEqual([]);

    // A wide screen shows every button on the bar and no menu.
    const wide = await suite.open('desktop', { cookieChoice: true });
    await logIn(wide.page, moderator);
    await wide.page.goto('/editor_articles');
    await wide.page.getByRole('link', { name: new RegExp(`Editar: ${title}`) }).click();
    const wideBar = wide.page.getByTestId('editor-bar');
    await wideBar.getByRole('button', { name: 'Histórico', exact: true }).waitFor();
    expect(await wideBar.getByRole('button', { name: 'Mais', exact: true }).isVisible()).toBe(false);
    await screenshot(wide.page, 'editor-bar-1280', { fullPage: false });
    await wide.finish();
    await finish();
  });
});
