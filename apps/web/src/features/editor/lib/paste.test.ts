import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { articleExtensions } from './extensions';
import docs from './paste-fixtures/google-docs.html?raw';
import webPage from './paste-fixtures/web-page.html?raw';
import word from './paste-fixtures/word.html?raw';
import { cleanPastedHtml, preparePaste } from './paste';

/*
 * Clipboard HTML as Google Docs and Word write it (fixtures written by hand after their formats: Docs' `<b
 * style="font-weight:normal" id="docs-internal-guid-…">` wrapper and styled spans; Word's `Mso` classes, `mso-list`
 * paragraphs, `<o:p>` and conditional comments): both become the same clean structure, their tables clean tables.
 */
const clean =
  '<h2>Festival de Inverno</h2><h2>Programação</h2>' +
  '<p>A banda toca no <strong>sábado</strong> e no <em>domingo</em>. Ingressos no <a href="https://example.com/ingressos">site oficial</a>.</p>' +
  '<ul><li>Abertura às 18h</li><li><strong>Show principal</strong> às 21h</li></ul>' +
  '<ol><li>Compre o ingresso</li></ol>' +
  '<table><tbody><tr><td><p><strong>Dia</strong></p></td><td><p><strong>Palco</strong></p></td></tr><tr><td><p>Sábado</p></td><td><p>Praça</p></td></tr></tbody></table>';

describe('paste cleanup', () => {
  it('turns Google Docs clipboard HTML into clean structure: bold only where bold, headings apart, real lists', () => {
    expect(cleanPastedHtml(docs)).toBe(clean);
  });

  it('turns Word clipboard HTML into the same structure: lists rebuilt from list paragraphs, numbered ones ordered', () => {
    expect(cleanPastedHtml(word)).toBe(clean);
  });

  it('keeps a pasted table’s cells and their spans, without widths, borders or styles', () => {
    const pasted =
      '<table style="border-collapse:collapse" border=1><colgroup><col width="301"><col width="301"></colgroup>' +
      '<tr><td colspan="2" width="602" style="border:solid 1pt"><p style="margin:0"><span style="font-weight:700">Feira</span></p></td></tr>' +
      '<tr><td rowspan="1" style="padding:5pt">Caju</td><td style="padding:5pt">R$ 5</td></tr></table>';
    expect(cleanPastedHtml(pasted)).toBe(
      '<table><tbody><tr><td colspan="2"><p><strong>Feira</strong></p></td></tr><tr><td>Caju</td><td>R$ 5</td></tr></tbody></table>',
    );
  });

  it('leaves plain HTML (from another editor or the web) as it is', () => {
    const plain = '<p>Um <strong>texto</strong> simples.</p>';
    expect(cleanPastedHtml(plain)).toBe(plain);
  });
});

/** An editor with the article body's extensions and its paste preparation, as the body editor makes it. */
const editors: Editor[] = [];
function bodyEditor(content = '') {
  const editor = new Editor({
    extensions: articleExtensions(),
    content,
    editorProps: { transformPastedHTML: cleanPastedHtml },
  });
  editors.push(editor);
  return editor;
}
afterEach(() => {
  for (const editor of editors.splice(0)) editor.destroy();
});

describe('a paste keeps what it was given', () => {
  it('pastes a page with each element: headings to the editor’s levels, code lines, sub/sup/highlight, list start, video start', () => {
    const { report } = preparePaste(webPage);
    expect(report).toMatchObject({ headings: 3, externalImages: 2 });
    expect(report.leftOut.map(({ src, alt, caption }) => ({ src, alt, caption }))).toEqual([
      { src: 'https://outro.example/foto.jpg', alt: 'Foto de fora', caption: '' },
      { src: 'https://cdn.example/b.png', alt: 'Outra', caption: 'Legenda de fora' },
    ]);
    expect(report.leftOut[0]!.textBefore).toBeGreaterThan(0);
    expect(report.leftOut[1]!.textBefore).toBe(report.leftOut[0]!.textBefore);
    const editor = bodyEditor();
    // the event jsdom lacks (ClipboardEvent); the paste reads only the HTML given.
    editor.view.pasteHTML(webPage, new Event('paste') as ClipboardEvent);
    const html = editor.getHTML();
    expect(html).toContain('<h2>Guia da feira</h2>');
    expect(html).toContain('<h3>Detalhes menores</h3><h3>Notas de rodapé</h3>');
    expect(html).toContain('<pre><code>const a = 1;\n  const b = 2;\nreturn a + b;</code></pre>');
    expect(html).toContain('<p>H<sub>2</sub>O e E = mc<sup>2</sup>, com <mark>destaque</mark>.</p>');
    expect(html).toContain('<ol start="3"><li><p>Terceiro passo</p></li><li><p>Quarto passo</p></li></ol>');
    expect(editor.getJSON().content).toContainEqual(
      expect.objectContaining({
        type: 'youtube',
        attrs: expect.objectContaining({ src: 'https://www.youtube.com/watch?v=9bZkp7q19f0', start: 10 }),
      }),
    );
    expect(html).toContain('/uploads/library/0123456789abcdef0123456789abcdef.png');
    // Hidden text, form controls and pictures from other sites are not pasted.
    for (const gone of [
      'escondido',
      'Assinar',
      'newsletter',
      'Opção',
      'Comentário',
      'x@example.com',
      'outro.example',
      'cdn.example',
      'Legenda de fora',
    ])
      expect(html).not.toContain(gone);
    expect(html).toContain('Seu e-mail');
  });
});

describe('links in the body', () => {
  it('ends a link where it was set: text typed after it is plain text', () => {
    const editor = bodyEditor('<p>Veja o site</p>');
    editor.chain().setTextSelection({ from: 6, to: 12 }).setLink({ href: 'https://example.com/' }).run();
    editor.chain().setTextSelection(12).run();
    editor.view.dispatch(editor.state.tr.insertText(' e mais texto'));
    expect(editor.getHTML()).toBe('<p>Veja <a href="https://example.com/">o site</a> e mais texto</p>');
  });

  it('splits a link when a second link is set inside it: the words around keep their address', () => {
    const editor = bodyEditor('<p><a href="https://example.com/a">um dois três</a></p>');
    // "dois" (positions 4–8) gets its own address.
    editor.chain().setTextSelection({ from: 4, to: 8 }).setLink({ href: 'https://example.com/b' }).run();
    expect(editor.getHTML()).toBe(
      '<p><a href="https://example.com/a">um </a><a href="https://example.com/b">dois</a><a href="https://example.com/a"> três</a></p>',
    );
  });
});
