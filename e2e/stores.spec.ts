import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, logIn, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { browserLanguageControls } from './support/expect-page.js';
import { screenshot } from './support/screenshot.js';
import { recordApiCalls, writes } from './support/page-watch.js';
import { useBrowserSuite } from './support/suite.js';

const moderator: Account = {
  username: 'lojista_e2e',
  email: 'lojista@papo.test',
  password: 'senha-longa-lojista-123',
  role: 'ROLE_MODERATOR',
};
// a name of its own per run, so the slug is free whatever else the database holds.
const marker = randomBytes(3).toString('hex').replace(/\d/g, 'x');
const storeName = `Feira Coração ${marker}`;
const slug = `feira-coracao-${marker}`;
const products = [
  { name: 'Cesta de palha', url: 'https://example.com/produtos/cesta', color: '#c84' },
  { name: 'Rede de algodão', url: 'https://example.com/produtos/rede', color: '#48c' },
  { name: 'Moringa de barro', url: 'https://example.com/produtos/moringa', color: '#a53' },
];

// demo content gives the blog an article to open and the ads published stores to draw from.
const suite = useBrowserSuite({ serverEnv: { DEMO_CONTENT: '1' } });

beforeAll(async () => {
  await createUser(suite.server, moderator);
});

/** The id of the store the first journey builds. */
let storeId = '';

const picture = (background: string) =>
  sharp({ create: { width: 600, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

describe('shops', () => {
  it('a moderator builds a store through the wizard; a visitor opens it and follows a product link', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    const sent = recordApiCalls(page, writes);
    await logIn(page, moderator);

    // Step 1: settings, with the live address preview.
    await page.goto('/albumAdd');
    await page.getByRole('heading', { name: 'Adicionar novo álbum' }).waitFor();
    // A name that makes no address is said under the name, and nothing is sent.
    await page.getByRole('textbox', { name: /^Nome do álbum/ }).fill('★ ★ ★');
    await page.getByLabel(/^País de destino/).selectOption('br');
    await page.getByLabel(/^Categoria/).selectOption({ label: 'Casa e decoração' });
    await page.getByRole('button', { name: 'Adicionar álbum' }).click();
    await page.getByText('O nome precisa de letras ou números para formar o endereço da loja.').waitFor();
    expect(await page.getByRole('textbox', { name: /^Nome do álbum/ }).getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'album-add-errors-1280');
    await page.getByRole('textbox', { name: /^Nome do álbum/ }).fill(storeName);
    expect(await page.getByTestId('address-preview').innerText()).toContain(`/shop/${slug}`);
    await page.getByLabel(/^País de destino/).selectOption('br');
    await page.getByLabel(/^Categoria/).selectOption({ label: 'Casa e decoração' });
    await expectAccessible(page);
    await screenshot(page, 'album-add-1280');
    await page.getByRole('button', { name: 'Adicionar álbum' }).click();
    await page.getByText('Álbum criado com sucesso!').waitFor();
    const id = /\/albumAdd\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1];
    expect(id).toBeDefined();
    storeId = id ?? '';

    // Step 2: three slots with pictures and links, then publish.
    await page.getByRole('link', { name: /Produtos/ }).click();
    await page.getByRole('heading', { name: storeName }).waitFor();
    for (const [position, product] of products.entries()) {
      await page
        .getByLabel(`Enviar imagem ${position + 1}`, { exact: true })
        .setInputFiles({ name: `p${position}.png`, mimeType: 'image/png', buffer: await picture(product.color) });
      await page.getByTestId(`slot-${position}`).locator('img').waitFor();
      await page.getByRole('button', { name: `Adicionar link ao produto ${position + 1}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Link de afiliado' });
      await dialog.getByRole('textbox', { name: /^Nome do produto/ }).fill(product.name);
      await dialog.getByRole('textbox', { name: /^URL/ }).fill(product.url);
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Editar link do produto ${position + 1}` }).waitFor();
    }
    await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/save-publish-state') && r.status() === 200),
      page.getByRole('switch', { name: 'Publicado' }).check(),
    ]);
    await expectAccessible(page);
    await screenshot(page, 'products-1280');

    // Back to step 1: the description is generated once, then offered for editing in the article editor.
    await page.getByRole('link', { name: /Configurações/ }).click();
    await page.getByRole('button', { name: 'Gerar descrição' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Descrição gerada' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('store-description').innerText()).toContain('Cesta de palha');
    await page.getByRole('link', { name: 'Editar a descrição no editor de artigos' }).waitFor();

    expect(sent.filter((w) => w === 'POST /api/album/add')).toHaveLength(1);
    expect(sent.filter((w) => w === 'POST /api/upload-album-picture')).toHaveLength(3);
    expect(sent.filter((w) => w === 'POST /api/save-affiliate-link')).toHaveLength(3);
    expect(sent.filter((w) => w === 'POST /api/save-publish-state')).toHaveLength(1);
    expect(sent.filter((w) => w.endsWith('/suggestStoreDescription'))).toHaveLength(1);
    await finish();

    // A visitor: the shop, a product, and its sponsored link in a new tab.
    const visitor = await suite.open('desktop', { cookieChoice: true });
    await visitor.context.route('https://example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Loja parceira</title>' }),
    );
    await visitor.page.goto(`/shop/${slug}`);
    await visitor.page.getByRole('heading', { name: storeName, level: 1 }).waitFor();
    await screenshot(visitor.page, 'shop-1280');
    await visitor.page.getByRole('button', { name: 'Rede de algodão' }).click();
    const modal = visitor.page.getByRole('dialog', { name: 'Rede de algodão' });
    const go = modal.getByRole('link', { name: /Ir para a página do produto/ });
    expect(await go.getAttribute('rel')).toBe('sponsored noopener');
    await expectAccessible(visitor.page);
    const [popup] = await Promise.all([visitor.context.waitForEvent('page'), go.click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toBe('https://example.com/produtos/rede');
    await visitor.page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await visitor.finish();
  });

  it('the served HTML of /shop/{slug} carries og:image', async () => {
    const response = await fetch(`${suite.server.url}/shop/${slug}`, { headers: { accept: '*/*' } });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain(`<meta property="og:image" content="${suite.server.url}/media/share/stores/${slug}.png"/>`);
  });

  it('the shop list and detail read well on a phone', async () => {
    const { page, finish } = await suite.open('mobile', { cookieChoice: true });
    await page.goto('/shop');
    await page
      .getByTestId('store-list')
      .getByRole('link', { name: new RegExp(storeName) })
      .waitFor();
    await expectAccessible(page);
    await screenshot(page, 'shop-list-360');
    await page.goto(`/shop/${slug}`);
    await page.getByTestId('slot-grid').waitFor();
    await screenshot(page, 'shop-360');
    // The editor's slots on a phone: the empty ones are the file picker's tiles, two to a row, nothing sideways.
    await logIn(page, moderator);
    await page.goto(`/shopEdit/${storeId}`);
    await page.getByRole('button', { name: 'Enviar imagem 4', exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'products-360');
    await finish();
  });

  it('an edit of the live store waits for "Publicar alterações": the public page is unchanged until then, then shows it', async () => {
    const served = async () =>
      (await fetch(`${suite.server.url}/shop/${slug}`, { headers: { accept: 'text/html' } })).text();
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    const sent = recordApiCalls(page, writes);
    await logIn(page, moderator);
    await page.goto(`/shopEdit/${storeId}`);
    await page.getByRole('heading', { name: storeName }).waitFor();
    expect(await page.getByTestId('pending-changes').count()).toBe(0);
    await page.getByRole('button', { name: 'Editar link do produto 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Link de afiliado' });
    await dialog.getByRole('textbox', { name: /^Nome do produto/ }).fill('Rede de linho');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const bar = page.getByRole('region', { name: 'Alterações não publicadas' });
    await bar.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'products-pending-1280');
    // "Descartar" asks first; its answer "Cancelar" keeps the changes.
    await bar.getByRole('button', { name: 'Descartar' }).click();
    const question = page.getByRole('alertdialog', { name: 'Descartar as alterações?' });
    await question.waitFor();
    await screenshot(page, 'products-discard-question-1280', { fullPage: false });
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'detached' });
    // The other steps and the list say so too.
    await page.getByRole('link', { name: /Configurações/ }).click();
    await page.getByRole('region', { name: 'Alterações não publicadas' }).waitFor();
    // the categories arrive after the store; the form shows its category once they have.
    await expect.poll(() => page.getByLabel(/^Categoria/).inputValue()).not.toBe('');
    await screenshot(page, 'album-form-pending-1280');
    await page.getByRole('link', { name: /Capa para compartilhamento/ }).click();
    await page.getByRole('region', { name: 'Alterações não publicadas' }).waitFor();
    await screenshot(page, 'album-cover-pending-1280');
    await page.goto('/albums');
    await page
      .getByRole('row', { name: new RegExp(storeName) })
      .getByText('Alterações não publicadas')
      .waitFor();
    await screenshot(page, 'albums-pending-1280', { fullPage: false });
    await page.goto(`/shopEdit/${storeId}`);
    await bar.waitFor();

    // The public page, as a visitor opens it and as the server sends it, is the live store still.
    const visitor = await suite.open('mobile', { cookieChoice: true });
    await visitor.page.goto(`/shop/${slug}`);
    await visitor.page.getByRole('button', { name: 'Rede de algodão' }).waitFor();
    expect(await visitor.page.getByRole('button', { name: 'Rede de linho' }).count()).toBe(0);
    const before = await served();
    expect(before).toContain('Rede de algodão');
    expect(before).not.toContain('Rede de linho');

    // The same bar on a phone, then published from the desktop.
    const phone = await suite.open('mobile', { cookieChoice: true });
    await logIn(phone.page, moderator);
    await phone.page.goto(`/shopEdit/${storeId}`);
    await phone.page.getByRole('region', { name: 'Alterações não publicadas' }).waitFor();
    // The file choices are the app's buttons and tiles, never the browser's "Choose Files".
    expect(await browserLanguageControls(phone.page)).toEqual([]);
    expect(await phone.page.locator('body').innerText()).not.toMatch(/Choose File|No file chosen/);
    await screenshot(phone.page, 'products-pending-360');
    await phone.finish();
    await bar.getByRole('button', { name: 'Publicar alterações' }).click();
    await page.getByText('Alterações publicadas.').waitFor();
    await bar.waitFor({ state: 'detached' });
    await screenshot(page, 'products-published-1280');
    expect(sent.filter((w) => w === `POST /api/album/${storeId}/publish-changes`)).toHaveLength(1);
    await finish();

    await visitor.page.reload();
    await visitor.page.getByRole('button', { name: 'Rede de linho' }).waitFor();
    expect(await visitor.page.getByRole('button', { name: 'Rede de algodão' }).count()).toBe(0);
    await screenshot(visitor.page, 'shop-published-360');
    expect(await served()).toContain('Rede de linho');
    await visitor.finish();
  });

  it('two editors on one slot: the second, on a stale page, gets the conflict dialog; /albums on a phone has no sideways scroll', async () => {
    const a = await suite.open('desktop', { cookieChoice: true });
    const b = await suite.open('desktop', { cookieChoice: true });
    for (const { page } of [a, b]) {
      await logIn(page, moderator);
      await page.goto(`/shopEdit/${storeId}`);
      await page.getByRole('button', { name: 'Editar link do produto 3' }).waitFor();
    }
    // A changes product 3's link; B's page still holds the store as it was.
    await a.page.getByRole('button', { name: 'Editar link do produto 3' }).click();
    const linkA = a.page.getByRole('dialog', { name: 'Link de afiliado' });
    await linkA.getByRole('textbox', { name: /^URL/ }).fill('https://example.com/produtos/moringa-nova');
    await linkA.getByRole('button', { name: 'Salvar' }).click();
    await linkA.waitFor({ state: 'detached' });

    await b.page.getByRole('button', { name: 'Editar link do produto 3' }).click();
    const linkB = b.page.getByRole('dialog', { name: 'Link de afiliado' });
    await linkB.getByRole('textbox', { name: /^Nome do produto/ }).fill('Moringa pintada');
    await linkB.getByRole('button', { name: 'Salvar' }).click();
    const conflict = b.page.getByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    await conflict.waitFor();
    await conflict.getByRole('button', { name: 'Comparar' }).click();
    expect(await conflict.getByTestId('compare-theirs').innerText()).toContain(
      'https://example.com/produtos/moringa-nova',
    );
    expect(await conflict.getByTestId('compare-mine').innerText()).toContain('Moringa pintada');
    await screenshot(b.page, 'slot-conflict-1280', { fullPage: false });
    await conflict.getByRole('button', { name: /^Ficar com a versão de/ }).click();
    await conflict.waitFor({ state: 'detached' });
    // A's link stands: B's change went into the history first, then A's version was restored over it.
    await b.page.getByRole('button', { name: 'Editar link do produto 3' }).click();
    expect(
      await b.page
        .getByRole('dialog', { name: 'Link de afiliado' })
        .getByRole('textbox', { name: /^URL/ })
        .inputValue(),
    ).toBe('https://example.com/produtos/moringa-nova');
    expect(b.watch.problems.filter((problem) => !/POST \/api\/save-affiliate-link answered 412/.test(problem))).toEqual(
      [],
    );
    await b.close();
    await a.finish();

    const phone = await suite.open('mobile', { cookieChoice: true });
    await logIn(phone.page, moderator);
    await phone.page.goto('/albums');
    await phone.page.getByTestId('album-cards').getByRole('link', { name: storeName }).waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(phone.page, 'albums-360');
    await phone.finish();
  });

  it('the blog view shows the two sponsored ads with pictures and links', async () => {
    const { articles } = (await (await fetch(`${suite.server.url}/api/articles?limit=1`)).json()) as {
      articles: { slug: string }[];
    };
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await page.goto(`/blog/${articles[0]!.slug}`);
    const ads = page.getByTestId('ads-tab');
    const links = ads.getByRole('link');
    // wait for the second card, not the list: the lazy panel can still be settling when the list first shows.
    await links.nth(1).waitFor();
    expect(await links.count()).toBe(2);
    for (const link of await links.all()) {
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/example\.com\//);
      expect(await link.getAttribute('rel')).toBe('sponsored noopener');
      expect(await link.locator('img').getAttribute('src')).toMatch(/^\/uploads\/stores\//);
    }
    await expectAccessible(page);
    await screenshot(page, 'blog-ads-1280');
    await finish();
  });
});
