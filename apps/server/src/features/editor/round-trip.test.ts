import { Editor, type JSONContent } from '@tiptap/core';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { articleExtensions } from '../../../../web/src/features/editor/lib/extensions.js';
import { describeEachDialect } from '../../test/db.js';
import { multipartBody } from '../../test/multipart.js';
import { useStaffSuite } from '../../test/staff-matrix.js';

// TipTap gets a DOM of its own in globals it reads; the server keeps Node's (jsdom's environment replaces URL).
const dom = new JSDOM('<!doctype html><html><body></body></html>');
for (const name of [
  'window',
  'document',
  'navigator',
  'DOMParser',
  'Node',
  'Element',
  'HTMLElement',
  'MutationObserver',
  'getComputedStyle',
]) {
  if (!(name in globalThis) || name === 'navigator')
    Object.defineProperty(globalThis, name, {
      value: (dom.window as unknown as Record<string, unknown>)[name],
      configurable: true,
      writable: true,
    });
}

/*
 * Every node the article editor makes survives the round trip: built in the editor's own document
 * (TipTap with the editor's extensions, in a DOM), saved through the API, read back for the editor and loaded
 * into a fresh editor, the document is the same; the public answer carries each node in the allow-list's form.
 */
describeEachDialect('editor round trip', (dialect) => {
  const t = useStaffSuite(dialect, { member: 'leitor_rt', moderator: 'revisora_rt', admin: 'chefe_rt' });
  const editors: Editor[] = [];
  const editorOf = (content: string | JSONContent) => {
    const editor = new Editor({ extensions: articleExtensions(), content });
    editors.push(editor);
    return editor;
  };
  afterEach(() => {
    for (const editor of editors.splice(0)) editor.destroy();
  });

  const libraryImage = async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const body = multipartBody({ files: [{ field: 'files[]', filename: 'foto.png', type: 'image/png', data: png }] });
    const res = await t.call(
      { method: 'POST', url: '/api/uploadImage', headers: body.headers, payload: body.payload },
      t.as.admin,
    );
    return res.json().files[0].name as string;
  };

  it('keeps headings, marks, links, lists, quotes, tables, figures with alt and caption, YouTube and rules', async () => {
    const image = await libraryImage();
    const text = (value: string, ...marks: { type: string; attrs?: Record<string, string> }[]): JSONContent => ({
      type: 'text',
      text: value,
      ...(marks.length ? { marks } : {}),
    });
    const paragraph = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
    const item = (value: string): JSONContent => ({ type: 'listItem', content: [paragraph(text(value))] });
    const cell = (type: 'tableHeader' | 'tableCell', ...content: JSONContent[]): JSONContent => ({
      type,
      content: [paragraph(...content)],
    });
    const editor = editorOf('');
    editor.commands.setContent({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Feira')] },
        { type: 'heading', attrs: { level: 3 }, content: [text('Domingo')] },
        paragraph(
          text('Frutas '),
          text('doces', { type: 'bold' }),
          text(' e '),
          text('frescas', { type: 'italic' }),
          text(', '),
          text('fora', { type: 'link', attrs: { href: 'https://example.com/feira' } }),
          text(' e '),
          text('dentro', { type: 'link', attrs: { href: '/blog/outra' } }),
        ),
        { type: 'bulletList', content: [item('caju'), item('caqui')] },
        { type: 'orderedList', content: [item('manga'), item('maçã')] },
        { type: 'orderedList', attrs: { start: 3, type: null }, content: [item('terceiro'), item('quarto')] },
        paragraph(
          text('H'),
          text('2', { type: 'subscript' }),
          text('O a 25 °C, x'),
          text('2', { type: 'superscript' }),
          text(' e '),
          text('marcado', { type: 'highlight' }),
        ),
        {
          type: 'codeBlock',
          attrs: { language: null },
          content: [text('const a = 1;\n  const b = 2;\n\nreturn a + b;')],
        },
        { type: 'blockquote', content: [paragraph(text('Quem madruga…'))] },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [cell('tableHeader', text('Fruta')), cell('tableHeader', text('Preço'))] },
            {
              type: 'tableRow',
              content: [cell('tableCell', text('Caju')), cell('tableCell', text('R$ 5', { type: 'bold' }))],
            },
            {
              type: 'tableRow',
              content: [
                { ...cell('tableCell', text('Acabou a manga')), attrs: { colspan: 2, rowspan: 1, colwidth: null } },
              ],
            },
          ],
        },
        paragraph(text('Fim.')),
      ],
    });
    // The images and the video are inserted one after the other by the commands the toolbar's dialogs run.
    editor.chain().setTextSelection(editor.state.doc.content.size).run();
    editor
      .chain()
      .setFigure({ src: `/uploads/${image}`, alt: 'Banca de frutas', caption: 'A banca do seu Zé' })
      .caretAfterNode()
      .run();
    editor
      .chain()
      .setFigure({ src: `/uploads/${image}`, alt: 'Sem legenda', caption: '' })
      .caretAfterNode()
      .run();
    editor.chain().setYoutubeVideo({ src: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }).caretAfterNode().run();
    // A short link with a start time keeps the time (TipTap alone turns `?t=10` into part of the id).
    editor.chain().setYoutubeVideo({ src: 'https://youtu.be/9bZkp7q19f0?t=10' }).caretAfterNode().run();
    editor.chain().setHorizontalRule().run();
    const written = editor.getJSON();
    const types = new Set(JSON.stringify(written).match(/"type":"[a-zA-Z]+"/g));
    for (const type of [
      'heading',
      'bold',
      'italic',
      'link',
      'bulletList',
      'orderedList',
      'blockquote',
      'table',
      'tableHeader',
      'tableCell',
      'figure',
      'youtube',
      'horizontalRule',
      'subscript',
      'superscript',
      'highlight',
      'codeBlock',
    ]) {
      expect(types, type).toContain(`"type":"${type}"`);
    }

    const created = await t.call(
      {
        method: 'POST',
        url: '/api/editor/articles',
        payload: { title: 'Ida e volta', content: editor.getHTML(), isPublished: true },
      },
      t.as.moderator,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id, slug } = created.json() as { id: number; slug: string };
    const read = await t.call({ method: 'GET', url: `/api/articles/${id}` }, t.as.moderator);
    const loaded = editorOf(read.json().content as string);
    expect(loaded.getJSON()).toEqual(written);

    // Saved again from the loaded document, nothing moves either (a second save is where a video could be lost).
    const again = await t.call(
      {
        method: 'PUT',
        url: `/api/editor/articles/${id}`,
        payload: { title: 'Ida e volta', content: loaded.getHTML(), isPublished: true },
      },
      t.as.moderator,
    );
    expect(again.statusCode, again.body).toBe(200);
    const reread = await t.call({ method: 'GET', url: `/api/articles/${id}` }, t.as.moderator);
    expect(editorOf(reread.json().content as string).getJSON()).toEqual(written);

    const html = (await t.app.inject({ method: 'GET', url: `/api/article/${slug}` })).json().content as string;
    expect(html).toContain('<h2>Feira</h2>');
    expect(html).toContain('<h3>Domingo</h3>');
    expect(html).toContain('<strong>doces</strong>');
    expect(html).toContain('<em>frescas</em>');
    expect(html).toContain('<a href="https://example.com/feira" rel="noopener nofollow" target="_blank">fora</a>');
    expect(html).toContain('<a href="/blog/outra">dentro</a>');
    expect(html).toMatch(/<ul><li><p>caju<\/p><\/li><li><p>caqui<\/p><\/li><\/ul>/);
    expect(html).toMatch(/<ol><li><p>manga<\/p><\/li><li><p>maçã<\/p><\/li><\/ol>/);
    expect(html).toContain('<blockquote>');
    // The table as the public page shows it: rows and cells with their spans, no widths or styles.
    expect(html).toContain('<table><tbody><tr><th colspan="1" rowspan="1"><p>Fruta</p></th>');
    expect(html).toContain('<td colspan="1" rowspan="1"><p><strong>R$ 5</strong></p></td>');
    expect(html).toContain('<td colspan="2" rowspan="1"><p>Acabou a manga</p></td>');
    expect(html).not.toMatch(/<table[^>]*style|<col/);
    expect(html).toContain(
      `<figure><img src="/uploads/${image}" alt="Banca de frutas" loading="lazy" /><figcaption>A banca do seu Zé</figcaption></figure>`,
    );
    expect(html).toMatch(
      /<div data-youtube-video><iframe [^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ"[^>]*><\/iframe><\/div>/,
    );
    expect(html).toMatch(/<iframe [^>]*loading="lazy"/);
    expect(html).toContain('<hr />');
    expect(html).toMatch(/<ol start="3"><li><p>terceiro<\/p><\/li>/);
    expect(html).toContain('<p>H<sub>2</sub>O a 25 °C, x<sup>2</sup> e <mark>marcado</mark></p>');
    expect(html).toContain('<pre><code>const a = 1;\n  const b = 2;\n\nreturn a + b;</code></pre>');
    expect(html).toMatch(/<iframe [^>]*src="https:\/\/www\.youtube-nocookie\.com\/embed\/9bZkp7q19f0\?start=10"/);
  });

  describe('the allow-list keeps exactly these', () => {
    it('drops a frame of another site, a wrapper with anything but the video, and an image from elsewhere', async () => {
      const content = [
        '<div data-youtube-video><iframe src="https://evil.example/embed/dQw4w9WgXcQ"></iframe></div>',
        '<div data-youtube-video="" onclick="x()"><p>texto</p></div>',
        '<div class="x">solto</div>',
        '<figure><img src="https://evil.example/a.png" alt="x"><figcaption>legenda</figcaption></figure>',
      ].join('');
      const created = await t.call(
        { method: 'POST', url: '/api/editor/articles', payload: { title: 'Lixo', content } },
        t.as.moderator,
      );
      const read = (await t.call({ method: 'GET', url: `/api/articles/${created.json().id}` }, t.as.moderator)).json()
        .content as string;
      expect(read).not.toMatch(/evil|onclick|class=|<iframe/);
      expect(read).not.toMatch(/<div(?! data-youtube-video)/);
      expect(read).toContain('solto');
    });
  });
});
