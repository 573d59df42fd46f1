import http from 'node:http';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiToken, createUser, logIn, type Account } from './support/accounts.js';
import { recordApiCalls } from './support/page-watch.js';
import { screenshot } from './support/screenshot.js';
import { useBrowserSuite } from './support/suite.js';

const moderator: Account = {
  username: 'colagem_e2e',
  email: 'colagem@papo.test',
  password: 'senha-longa-colagem-123',
  role: 'ROLE_MODERATOR',
};
const suite = useBrowserSuite();

/** Another site on loopback: two drawn pictures and one page that calls itself a picture. */
let outside: http.Server;
let origin = '';
beforeAll(async () => {
  await createUser(suite.server, moderator);
  const picture = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2f7d5b' } })
    .composite([
      { input: Buffer.from('<svg width="800" height="450"><circle cx="400" cy="225" r="140" fill="#f4c542"/></svg>') },
    ])
    .png()
    .toBuffer();
  const night = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#1b2a4a' } })
    .png()
    .toBuffer();
  outside = http.createServer((request, response) => {
    if (request.url === '/sol.png') response.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    else if (request.url === '/lua.png') response.writeHead(200, { 'content-type': 'image/png' }).end(night);
    else response.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><p>nada</p>');
  });
  await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
  const address = outside.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
});
afterAll(() => new Promise<void>((resolve) => (outside ? outside.close(() => resolve()) : resolve())));

/** A paste of `html` at the end of the body, as a browser's clipboard hands it over. */
async function pasteHtml(page: Page, html: string) {
  await page.getByTestId('editor-body').click();
  await page.keyboard.press('Control+End');
  await page.getByTestId('editor-body').evaluate((body, content) => {
    const data = new DataTransfer();
    data.setData('text/html', content);
    body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

describe('images a paste left out', () => {
  it.each(['desktop', 'mobile'] as const)(
    'are sent to the library by the server and put back where they were (%s)',
    async (device) => {
      const token = await apiToken(suite.server, moderator);
      const created = await fetch(`${suite.server.url}/api/editor/articles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: `Colagem ${device}`, content: '<p>Começo do texto.</p>' }),
      });
      const { id } = (await created.json()) as { id: number };
      const { page, watch, close } = await suite.open(device, { cookieChoice: true });
      await logIn(page, moderator);
      const imports = recordApiCalls(
        page,
        (method, path) => method === 'POST' && path === '/api/editor/library/import',
      );
      await page.goto(`/editor/${id}`);
      await pasteHtml(
        page,
        `<p>O sol nasceu cedo.</p><figure><img src="${origin}/sol.png" alt="Sol sobre o campo"><figcaption>Foto de outro site</figcaption></figure><p>Depois, choveu.</p><p><img src="${origin}/pagina.png" alt="Página"></p><p>Noite.</p><p><img src="${origin}/lua.png"></p>`,
      );
      const notice = page.getByTestId('paste-notice');
      await notice.getByText('3 imagens externas não foram coladas').waitFor();
      await screenshot(page, `paste-notice-${device}`, { fullPage: false });
      await notice.getByRole('button', { name: 'Enviar à biblioteca' }).click();
      await notice.getByText('O endereço não devolveu uma imagem.').waitFor();
      // The sentence says what the import did: two inserted, one still missing and why, one without a description.
      const sentence = notice.getByText('2 imagens externas foram enviadas à biblioteca e inseridas.');
      await sentence.waitFor();
      expect(await sentence.textContent()).toContain('1 imagem externa continua de fora: o motivo está abaixo.');
      expect(await sentence.textContent()).toContain('1 imagem inserida está sem descrição');
      expect(await notice.textContent()).not.toContain('não foram coladas');
      const rows = notice.getByRole('listitem');
      const sun = rows.filter({ hasText: 'sol.png' });
      expect(await sun.textContent()).toContain('Descrição: “Sol sobre o campo”.');
      // The moon came without any description: the writer gives it one in the figure's own dialog.
      const moon = rows.filter({ hasText: 'lua.png' });
      expect(await moon.textContent()).toContain('Sem descrição.');
      await moon.getByRole('button', { name: 'Descrever imagem' }).click();
      const dialog = page.getByRole('dialog', { name: 'Descrição e legenda da imagem' });
      await dialog.getByRole('textbox', { name: /Descrição da imagem/ }).fill('Céu da noite');
      await dialog.getByRole('button', { name: 'Aplicar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await moon.getByText('Descrição: “Céu da noite”.').waitFor();
      expect(await notice.textContent()).not.toContain('sem descrição');
      await page.getByTestId('editor-body').locator('figure img[alt="Céu da noite"]').waitFor();
      const figure = page.getByTestId('editor-body').locator('figure img[alt="Sol sobre o campo"]');
      await figure.waitFor();
      expect(await figure.getAttribute('src')).toMatch(/^\/uploads\/library\//);
      // Between the paragraphs it was pasted between.
      expect(
        await page
          .getByTestId('editor-body')
          .evaluate((body) => [...body.children].map((el) => `${el.tagName}:${el.textContent ?? ''}`).join('|')),
      ).toMatch(/P:[^|]*O sol nasceu cedo\.\|FIGURE:Foto de outro site\|P:Depois, choveu\.\|P:Noite\.\|FIGURE:/);
      expect(imports).toEqual(Array(3).fill('POST /api/editor/library/import'));
      await notice.scrollIntoViewIfNeeded();
      await screenshot(page, `paste-imported-${device}`, { fullPage: false });
      // The page that is no picture is refused (400), and said so under the text; nothing else went wrong.
      expect(watch.problems.filter((problem) => problem !== 'POST /api/editor/library/import answered 400')).toEqual(
        [],
      );
      await close();
    },
  );
});
