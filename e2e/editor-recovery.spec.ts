import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiToken, createUser, logIn, type Account } from './support/accounts.js';
import { launchBrowser, openSession } from './support/browser.js';
import { screenshot } from './support/screenshot.js';
import { repoRoot, startServer } from './support/server.js';

/*
 * The editor keeps what it is given when the server goes away and comes back (a deploy, a crash and its restart), and
 * when a page is pasted through the browser's real clipboard. The server is this spec's own: it is restarted.
 */

const editor: Account = {
  username: 'editora_volta',
  email: 'editora-volta@papo.test',
  password: 'senha-longa-editora-123',
  role: 'ROLE_MODERATOR',
};
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  // the restart below waits for this server to start again; on a loaded machine a start can take a minute or more.
  server = await startServer({ webDist: inject('webDist'), readyTimeoutMs: 240_000 });
  browser = await launchBrowser();
  await createUser(server, editor);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A new article made over the API; answers its id. */
async function newArticle(title: string, content: string): Promise<number> {
  const token = await apiToken(server, editor);
  const created = await fetch(`${server.url}/api/editor/articles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ title, content }),
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** The article's newest text as the editor reads it. */
async function articleBody(id: number): Promise<string> {
  const token = await apiToken(server, editor);
  const answer = await fetch(`${server.url}/api/articles/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await answer.json()) as { content: string }).content;
}

describe('the article editor recovers', () => {
  // the retries wait 5 s, then 10, 20, 40 and 60: with a restart that takes a while on a loaded machine, the
  // save that succeeds may be a few minutes after the failure.
  it(
    'saves what was typed while the server was down once it is back, without a click',
    { timeout: 420_000 },
    async () => {
      const id = await newArticle('Feira sem luz', '<p>Começo do texto.</p>');
      const session = await openSession(browser, server.url, 'desktop');
      const { page } = session;
      await session.context.addCookies([{ name: 'accepted', value: 'true', url: server.url }]);
      try {
        await logIn(page, editor);
        await page.goto(`/editor/${id}`);
        const body = page.getByTestId('editor-body');
        await body.getByText('Começo do texto.').click();
        await page.keyboard.press('End');
        const status = page.getByTestId('save-status');
        await server.restart(async () => {
          await page.keyboard.type(' Escrito com o servidor fora do ar.');
          // The autosave fails and says it will try again by itself.
          await status.getByText(/Sem conexão — tentando de novo em \d+ s/).waitFor({ timeout: 30_000 });
          await screenshot(page, 'editor-retrying-1280', { fullPage: false });
        });
        // Back up on the same port and data: the next try saves it, nobody clicks.
        await status.getByText(/^Rascunho salvo/).waitFor({ timeout: 150_000 });
        expect(await articleBody(id)).toContain('Começo do texto. Escrito com o servidor fora do ar.');
      } finally {
        await session.close();
      }
    },
  );

  it('pastes a web page from the clipboard keeping headings, code lines, sub/sup, highlight, list start and video start', async () => {
    const id = await newArticle('Colagem', '<p>Antes.</p>');
    // without the fixture's picture of the library: this server's library is empty, and a save naming a picture
    // it does not hold is refused (the unit test pastes it).
    const fixture = (
      await readFile(join(repoRoot, 'apps/web/src/features/editor/lib/paste-fixtures/web-page.html'), 'utf8')
    ).replace(/<figure><img src="\/uploads\/[^]*?<\/figure>/, '');
    expect(fixture).not.toContain('/uploads/');
    const session = await openSession(browser, server.url, 'desktop');
    const { page } = session;
    await session.context.addCookies([{ name: 'accepted', value: 'true', url: server.url }]);
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    try {
      await logIn(page, editor);
      await page.goto(`/editor/${id}`);
      const body = page.getByTestId('editor-body');
      await body.getByText('Antes.').click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.evaluate(async (html) => {
        const item = new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob(['Guia da feira'], { type: 'text/plain' }),
        });
        await navigator.clipboard.write([item]);
      }, fixture);
      await page.keyboard.press('Control+V');
      await body.locator('h2', { hasText: 'Guia da feira' }).waitFor();
      const html = await body.innerHTML();
      expect(await body.locator('h3').allInnerTexts()).toEqual(['Detalhes menores', 'Notas de rodapé']);
      expect(await body.locator('pre code').innerText()).toBe('const a = 1;\n  const b = 2;\nreturn a + b;');
      expect(await body.locator('sub').innerText()).toBe('2');
      expect(await body.locator('sup').innerText()).toBe('2');
      expect(await body.locator('mark').innerText()).toBe('destaque');
      expect(await body.locator('ol').getAttribute('start')).toBe('3');
      expect(await body.locator('iframe').getAttribute('src')).toMatch(
        /youtube-nocookie\.com\/embed\/9bZkp7q19f0\?.*start=10/,
      );
      for (const gone of ['escondido', 'Assinar', 'Opção', 'Comentário', 'outro.example', 'cdn.example'])
        expect(html).not.toContain(gone);
      await page
        .getByTestId('paste-notice')
        .getByText(/2 imagens externas não foram coladas/)
        .waitFor();
      await screenshot(page, 'editor-pasted-1280', { fullPage: false });
      // The pasted text is what is saved.
      await page.getByTestId('editor-bar').getByRole('button', { name: 'Salvar agora' }).click();
      await page
        .getByTestId('save-status')
        .getByText(/^Rascunho salvo/)
        .waitFor();
      const saved = await articleBody(id);
      expect(saved).toContain('<h2>Guia da feira</h2>');
      expect(saved).toContain('<ol start="3">');
      expect(saved).toContain('H<sub>2</sub>O');
    } finally {
      await session.close();
    }
  });
  it('two editors on one article: the second merges paragraph by paragraph and saves both texts', async () => {
    const id = await newArticle('Feira a dois', '<p>Feira.</p><p>Frutas.</p>');
    const first = await openSession(browser, server.url, 'desktop');
    const second = await openSession(browser, server.url, 'desktop');
    try {
      for (const session of [first, second]) {
        await session.context.addCookies([{ name: 'accepted', value: 'true', url: server.url }]);
        await logIn(session.page, editor);
        await session.page.goto(`/editor/${id}`);
        // the editor's chunk is the largest: on a loaded machine its first load outlasts the default 20 s.
        await session.page.getByTestId('editor-body').getByText('Frutas.').waitFor({ timeout: 60_000 });
      }
      await first.page.getByTestId('editor-body').getByText('Frutas.').click();
      await first.page.keyboard.press('End');
      await first.page.keyboard.type(' Da estação.');
      await first.page.getByTestId('editor-bar').getByRole('button', { name: 'Salvar agora' }).click();
      await first.page
        .getByTestId('save-status')
        .getByText(/^Rascunho salvo/)
        .waitFor();

      const { page } = second;
      await page.getByTestId('editor-body').getByText('Frutas.').click();
      await page.keyboard.press('End');
      await page.keyboard.type(' Do dia.');
      const dialog = page.getByRole('alertdialog', { name: 'Outra pessoa salvou antes de você' });
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Mesclar' }).click();
      const merge = dialog.getByTestId('merge-view');
      expect(await merge.getByTestId('merge-same').allInnerTexts()).toEqual(['Feira.']);
      expect(await merge.getByTestId('merge-mine').innerText()).toContain('Do dia.');
      expect(await merge.getByTestId('merge-theirs').innerText()).toContain('Da estação.');
      await screenshot(page, 'merge-1280', { fullPage: false });
      await page.setViewportSize({ width: 360, height: 800 });
      await screenshot(page, 'merge-360', { fullPage: false });
      await merge.getByRole('group', { name: 'Diferença 1' }).getByRole('radio', { name: 'As duas' }).check();
      await merge.getByRole('button', { name: 'Salvar a mesclagem' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByTestId('editor-notice')
        .getByText(/A mesclagem foi salva/)
        .waitFor();
      await expect
        .poll(() => articleBody(id), { timeout: 20_000 })
        .toContain('<p>Feira.</p><p>Frutas. Do dia.</p><p>Frutas. Da estação.</p>');
    } finally {
      await first.close();
      await second.close();
    }
  });
});
