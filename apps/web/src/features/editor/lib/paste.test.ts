import { describe, expect, it } from 'vitest';
import docs from './paste-fixtures/google-docs.html?raw';
import word from './paste-fixtures/word.html?raw';
import { cleanPastedHtml } from './paste';

/*
 * Clipboard HTML as Google Docs and Word write it (fixtures written by hand after their formats: Docs' `<b
 * style="font-weight:normal" id="docs-internal-guid-…">` wrapper and styled spans; Word's `Mso` classes, `mso-list`
 * paragraphs, `<o:p>` and conditional comments): both become the same clean structure, their tables clean tables.
 */
const clean =
  '<h1>Festival de Inverno</h1><h2>Programação</h2>' +
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
    expect(cleanPastedHtml(pasted)).toBe('<table><tbody><tr><td colspan="2"><p><strong>Feira</strong></p></td></tr><tr><td>Caju</td><td>R$ 5</td></tr></tbody></table>');
  });

  it('leaves plain HTML (from another editor or the web) as it is', () => {
    const plain = '<p>Um <strong>texto</strong> simples.</p>';
    expect(cleanPastedHtml(plain)).toBe(plain);
  });
});
