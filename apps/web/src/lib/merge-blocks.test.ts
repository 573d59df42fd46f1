import { describe, expect, it } from 'vitest';
import { htmlBlocks, mergedHtml, mergeRows } from './merge-blocks';

describe('merge blocks', () => {
  it('lines two bodies up block by block and faces each differing block with the other side’s', () => {
    const rows = mergeRows(
      '<p>Frutas</p><p>Legumes</p><h2>Horário</h2><p>Cedo</p>',
      '<p>Frutas</p><p>Verduras</p><h2>Horário</h2><p>Cedo</p><p>Chuva</p>',
    );
    expect(
      rows.map((row) => (row.kind === 'same' ? row.block.text : `${row.mine?.text ?? '∅'}|${row.theirs?.text ?? '∅'}`)),
    ).toEqual(['Frutas', 'Legumes|Verduras', 'Horário', 'Cedo', '∅|Chuva']);
  });

  it('keeps this editor’s blocks by default and takes theirs, or both, where chosen', () => {
    const rows = mergeRows('<p>A</p><p>B</p><p>C</p>', '<p>A</p><p>B2</p><p>C</p><p>D</p>');
    expect(mergedHtml(rows, new Map())).toBe('<p>A</p><p>B</p><p>C</p>');
    expect(mergedHtml(rows, new Map([[1, 'theirs']]))).toBe('<p>A</p><p>B2</p><p>C</p>');
    expect(
      mergedHtml(
        rows,
        new Map([
          [1, 'both'],
          [3, 'theirs'],
        ]),
      ),
    ).toBe('<p>A</p><p>B</p><p>B2</p><p>C</p><p>D</p>');
  });

  it('keeps each block’s markup (lists, figures, videos matched by address) and wraps loose text', () => {
    const blocks = htmlBlocks(
      'solto<ol start="3"><li>três</li></ol><figure><img src="/uploads/library/a.png" alt=""></figure>',
    );
    expect(blocks).toEqual([
      { html: '<p>solto</p>', text: 'solto' },
      { html: '<ol start="3"><li>três</li></ol>', text: 'três' },
      { html: '<figure><img src="/uploads/library/a.png" alt=""></figure>', text: '[/uploads/library/a.png]' },
    ]);
  });
});
