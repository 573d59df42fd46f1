import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken, createUser, logIn, type Account } from './support/accounts.js';
import { expectAccessible } from './support/axe.js';
import { browserLanguageControls } from './support/expect-page.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

/*
 * Editors never lose work: write with every kind of node → publish → edit the live article (the public
 * page is unchanged, the preview shows the change) → publish the update → restore; two tabs → conflict dialog;
 * rename the slug → the old address redirects.
 */
const editor: Account = {
  username: 'revisora_e2e',
  email: 'revisora@papo.test',
  password: 'senha-longa-revisora-123',
  role: 'ROLE_MODERATOR',
};
const marker = `caju${randomBytes(3).toString('hex').replace(/\d/g, 'y')}`;
const title = `Feira revista ${marker}`;
const slug = `feira-revista-${marker}`;

const suite = useBrowserSuite();
let articleId = 0;

beforeAll(async () => {
  await createUser(suite.server, editor);
});

/** Waits for the autosave (or a Ctrl+S) to be back. */
const saved = (page: Page) =>
  page
    .getByTestId('save-status')
    .getByText(/Rascunho salvo/)
    .waitFor();

async function uploadPicture(token: string): Promise<void> {
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#c84' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('files[]', new Blob([png], { type: 'image/png' }), 'banca.png');
  const res = await fetch(`${suite.server.url}/api/uploadImage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status).toBe(200);
}

describe('editors never lose work', () => {
  it('writes every kind of node, edits the live article as a draft, previews, publishes the update and restores', async () => {
    await uploadPicture(await apiToken(suite.server, editor));
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await logIn(page, editor);

    await page.goto('/editor');
    await page.getByRole('textbox', { name: /^Título/ }).fill(title);
    const body = page.getByTestId('editor-body');
    await body.click();
    await page.getByRole('button', { name: 'Título de seção' }).click();
    await page.keyboard.type('Bancas');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Frutas ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('doces');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' e a ');
    const linkText = 'programação';
    await page.keyboard.type(linkText);
    for (let i = 0; i < linkText.length; i += 1) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('textbox', { name: 'Endereço do link' }).fill('https://example.com/feira');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'editor-body');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Imagem', exact: true }).click();
    await page.getByRole('dialog').getByTestId('library-grid').getByRole('button').first().click();
    await page.getByRole('button', { name: 'Inserir imagem' }).click();
    // No description, no image: the dialog asks for it.
    await page.getByText('Descreva a imagem').waitFor();
    await page.getByRole('textbox', { name: /Descrição da imagem/ }).fill('Banca de frutas');
    await page.getByRole('textbox', { name: /Legenda/ }).fill('A banca do seu Zé');
    await page.getByRole('button', { name: 'Inserir imagem' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Vídeo do YouTube' }).click();
    await page
      .getByRole('textbox', { name: 'Endereço ou id do vídeo' })
      .fill('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.waitForURL(/\/editor\/\d+$/);
    await page.keyboard.press('Control+s');
    await saved(page);
    articleId = Number(/\/editor\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

    // Reloaded, every node is there: the video, inserted right after the image, must not have replaced it.
    await page.reload();
    await body
      .locator('iframe[src^="https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ"]')
      .waitFor({ state: 'attached' });
    expect(await body.locator('h2').innerText()).toBe('Bancas');
    expect(await body.locator('strong').innerText()).toBe('doces');
    expect(await body.locator('a[href="https://example.com/feira"]').innerText()).toBe(linkText);
    expect(await body.locator('figure img[alt="Banca de frutas"]').count()).toBe(1);
    expect(await body.locator('figcaption').innerText()).toBe('A banca do seu Zé');

    // Published through the category step.
    await page.goto(`/editor_step2/${articleId}`);
    await page.getByLabel('Categoria', { exact: true }).selectOption({ label: 'Música' });
    await page.getByRole('switch', { name: 'Publicar' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByTestId('category-status').getByText('Publicado com sucesso').waitFor();

    // The public page shows each node; the video is a lazy, responsive frame.
    const reader = await suite.open('desktop', { cookieChoice: true });
    await reader.page.goto(`/blog/${slug}`);
    const publicBody = reader.page.getByTestId('article-body');
    await publicBody.waitFor();
    const frame = publicBody.locator('div[data-youtube-video] iframe');
    expect(await frame.getAttribute('loading')).toBe('lazy');
    expect(await frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    const frameBox = await frame.boundingBox();
    const bodyBox = await publicBody.boundingBox();
    expect(Math.round(frameBox!.width)).toBe(Math.round(bodyBox!.width));
    expect(Math.abs((frameBox!.width * 9) / 16 - frameBox!.height)).toBeLessThanOrEqual(1);
    expect(await publicBody.locator('figure figcaption').innerText()).toBe('A banca do seu Zé');
    expect(await publicBody.locator('a[href="https://example.com/feira"]').getAttribute('rel')).toBe(
      'noopener nofollow',
    );

    // Editing the live article: the save is a draft, the public page stays as it was.
    await page.goto(`/editor/${articleId}`);
    await page
      .getByTestId('live-state')
      .getByText(/o site mostra esta versão/)
      .waitFor();
    // clicked on its heading: the middle of the text is the video's frame, which would take the keyboard.
    await body.locator('h2').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(`Texto revisto ${marker}.`);
    // An image file pasted into the body goes to the library with its progress, then asks for its description.
    const pasted = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#4a8' } })
      .png()
      .toBuffer();
    await body.evaluate(
      (el, bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'colada.png', { type: 'image/png' }));
        el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      [...pasted],
    );
    const pasteDialog = page.getByRole('dialog', { name: 'Enviando 1 imagem' });
    await pasteDialog.getByTestId('upload-rows').getByText('Enviada').waitFor();
    expect(await pasteDialog.getByRole('progressbar', { name: /colada\.png/ }).getAttribute('value')).toBe('1');
    await screenshot(page, 'paste-image-1280', { fullPage: false });
    await pasteDialog.getByRole('textbox', { name: /Descrição da imagem/ }).fill('Banca colada');
    await pasteDialog.getByRole('button', { name: 'Inserir imagem' }).click();
    await pasteDialog.waitFor({ state: 'detached' });
    expect(await body.locator('figure img[alt="Banca colada"]').getAttribute('src')).toMatch(
      /^\/uploads\/library\/[a-f0-9]{32}\.png$/,
    );
    await page.keyboard.press('Control+s');
    await saved(page);
    await page
      .getByTestId('live-state')
      .getByText(/ficam salvas como rascunho/)
      .waitFor();
    await reader.page.reload();
    await reader.page.getByTestId('article-body').waitFor();
    expect(await reader.page.getByTestId('article-body').innerText()).not.toContain('Texto revisto');

    // The preview shows the change with the public page's component, marked as a preview and not indexed.
    const preview = await page.context().newPage();
    const previewAnswer = await preview.goto(`/editor/${articleId}/preview`);
    await preview
      .getByTestId('preview-banner')
      .getByText(/ainda não estão no site/)
      .waitFor();
    expect(await preview.getByTestId('article-body').innerText()).toContain(`Texto revisto ${marker}.`);
    expect(await preview.locator('head meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(previewAnswer?.headers()['x-robots-tag']).toBe('noindex');
    await preview.close();

    // "Publicar alterações" makes it live.
    await page.getByRole('button', { name: 'Publicar alterações' }).click();
    await page
      .getByTestId('save-status')
      .getByText(/Alterações publicadas/)
      .waitFor();
    await reader.page.reload();
    await reader.page.getByTestId('article-body').getByText(`Texto revisto ${marker}.`).waitFor();

    // The history: every save, who and when; restoring the first published text brings it back as the newest.
    await page.getByRole('button', { name: 'Histórico' }).click();
    const panel = page.getByRole('dialog', { name: 'Histórico de versões' });
    await panel.getByTestId('revision').first().waitFor();
    expect(await panel.getByTestId('revision').first().innerText()).toContain('revisora_e2e');
    await expectAccessible(page);
    await screenshot(page, 'history-1280', { fullPage: false });
    const beforeRevision = panel.getByTestId('revision').nth(1);
    await beforeRevision.getByRole('button', { name: /Restaurar a versão de/ }).click();
    await panel.waitFor({ state: 'detached' });
    await page
      .getByTestId('live-state')
      .getByText(/ficam salvas como rascunho/)
      .waitFor();
    expect(await body.innerText()).not.toContain('Texto revisto');
    await reader.close();
    await finish();
  });

  it('two tabs editing the same article: the second save shows the conflict dialog and nothing is lost', async () => {
    const a = await suite.open('desktop', { cookieChoice: true });
    const b = await suite.open('desktop', { cookieChoice: true });
    await logIn(a.page, editor);
    await logIn(b.page, editor);
    await a.page.goto(`/editor/${articleId}`);
    await b.page.goto(`/editor/${articleId}`);
    await a.page.getByTestId('editor-body').waitFor();
    await b.page.getByTestId('editor-body').waitFor();

    const titleA = `${title} (tarde)`;
    await a.page.getByRole('textbox', { name: /^Título/ }).fill(titleA);
    await a.page.keyboard.press('Control+s');
    await saved(a.page);

    await b.page.getByTestId('editor-body').locator('h2').click();
    await b.page.keyboard.press('Control+End');
    await b.page.keyboard.type(' Corpo escrito em B.');
    await b.page.keyboard.press('Control+s');
    const dialog = b.page.getByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('revisora_e2e salvou às');
    await dialog.getByRole('button', { name: 'Comparar' }).click();
    expect(await dialog.getByTestId('compare-theirs').innerText()).toContain(titleA);
    expect(await dialog.getByTestId('compare-mine').innerText()).toContain('Corpo escrito em B.');
    await screenshot(b.page, 'conflict-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Ficar com a minha (nova versão)' }).click();
    await saved(b.page);
    await dialog.waitFor({ state: 'detached' });

    // Nothing is lost: B's text is the newest revision, and A's title is in the history.
    await a.page.reload();
    await a.page
      .getByTestId('editor-body')
      .getByText(/Corpo escrito em B\./)
      .waitFor();
    await a.page.getByRole('button', { name: 'Histórico' }).click();
    await a.page.getByRole('dialog', { name: 'Histórico de versões' }).getByText(titleA).first().waitFor();
    // The one refused save is the conflict the dialog answered.
    expect(
      b.watch.problems.filter((problem) => !/PUT \/api\/editor\/articles\/\d+ answered 412/.test(problem)),
    ).toEqual([]);
    await b.close();
    await a.finish();
  });

  it('renaming the slug of the live article: the editor says the old address will redirect, and it does', async () => {
    const { page, finish } = await suite.open('desktop', { cookieChoice: true });
    await logIn(page, editor);
    await page.goto(`/editor/${articleId}`);
    const address = page.getByRole('textbox', { name: /^Endereço/ });
    await address.fill(`${slug}-nova`);
    await page.getByTestId('slug-redirect').getByText(`/blog/${slug}`).waitFor();
    await page.keyboard.press('Control+s');
    await saved(page);
    await page.getByRole('button', { name: 'Publicar alterações' }).click();
    await page
      .getByTestId('save-status')
      .getByText(/Alterações publicadas/)
      .waitFor();

    const answer = await page.goto(`/blog/${slug}`);
    expect(new URL(page.url()).pathname).toBe(`/blog/${slug}-nova`);
    expect(answer?.request().redirectedFrom()?.url()).toContain(`/blog/${slug}`);
    await page.getByTestId('article').waitFor();
    await finish();
  });

  it('the history panel and the conflict dialog fit a phone', async () => {
    const { page, watch, close } = await suite.open('mobile', { cookieChoice: true });
    await logIn(page, editor);
    await page.goto(`/editor/${articleId}`);
    await page.getByTestId('editor-body').waitFor();
    // On a phone the history, preview links and deletion are under "Mais", so the editor bar fits.
    await page.getByRole('button', { name: 'Mais' }).click();
    await page.getByRole('menuitem', { name: 'Histórico' }).click();
    const panel = page.getByRole('dialog', { name: 'Histórico de versões' });
    await panel.getByTestId('revision').first().waitFor();
    // Each row's buttons wrap under its date rather than run past the panel's edge: "Restaurar" comes last.
    const restores = await panel.getByRole('button', { name: 'Restaurar' }).all();
    expect(restores.length).toBeGreaterThan(0);
    for (const restore of restores) {
      const box = await restore.boundingBox();
      expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    }
    // Each row says what its save changed; the oldest kept has nothing to compare with.
    const summaries = await panel.getByTestId('revision-summary').allInnerTexts();
    expect(summaries.length).toBe(await panel.getByTestId('revision').count());
    expect(summaries.at(-1)).toBe('Primeira versão guardada');
    expect(summaries.slice(0, -1).join('\n')).toMatch(/caracteres|Mudou: /);
    await expectAccessible(page);
    await screenshot(page, 'history-360', { fullPage: false });
    await page.keyboard.press('Escape');

    // Someone saves from elsewhere meanwhile (over the API, as another device would).
    const token = await apiToken(suite.server, editor);
    const current = (await (
      await fetch(`${suite.server.url}/api/articles/${articleId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Record<string, unknown>;
    const {
      slug: currentSlug,
      content,
      description,
      cover,
      images,
      youtube,
      category,
      isPublished,
      isLyrics,
    } = current;
    const res = await fetch(`${suite.server.url}/api/editor/articles/${articleId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `${title} (celular)`,
        slug: currentSlug,
        content,
        description,
        cover,
        images,
        youtube,
        categoryId: category,
        isPublished,
        isLyrics,
      }),
    });
    expect(res.status).toBe(200);
    await page.getByRole('textbox', { name: /^Descrição/ }).fill('Frutas da estação');
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Comparar' }).click();
    await expectAccessible(page);
    await screenshot(page, 'conflict-360', { fullPage: false });
    await dialog.getByRole('button', { name: /Ficar com a versão de/ }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('textbox', { name: /^Título/ }).inputValue()).toBe(`${title} (celular)`);

    // Deleting asks first (cancelled here: the next test reads the article).
    await page.getByRole('button', { name: 'Mais' }).click();
    await page.getByRole('menuitem', { name: 'Excluir' }).click();
    const remove = page.getByRole('alertdialog', { name: 'Excluir o artigo?' });
    await remove.waitFor();
    await expectAccessible(page);
    await screenshot(page, 'delete-360', { fullPage: false });
    await remove.getByRole('button', { name: 'Cancelar' }).click();
    await remove.waitFor({ state: 'detached' });
    expect(page.url()).toContain(`/editor/${articleId}`);

    // The schedule speaks the app's language: text fields in its format, no browser date control.
    await page.goto(`/editor_step2/${articleId}`);
    const schedule = page.getByRole('group', { name: 'Publicar em (opcional)' });
    await schedule.waitFor();
    await schedule.getByRole('textbox', { name: 'Data (dd/mm/aaaa)' }).fill('31/13/2031');
    await schedule.getByRole('textbox', { name: 'Hora (hh:mm)' }).fill('25:00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await schedule.getByText(/escreva a data como dd\/mm\/aaaa/).waitFor();
    expect(await browserLanguageControls(page)).toEqual([]);
    expect(await page.locator('body').innerText()).not.toMatch(/mm\/dd\/yyyy|Choose File|No file chosen/);
    await expectAccessible(page);
    await screenshot(page, 'schedule-360');
    expect(watch.problems.filter((problem) => !/PUT \/api\/editor\/articles\/\d+ answered 412/.test(problem))).toEqual(
      [],
    );
    await close();
  });
});
