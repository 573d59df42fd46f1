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

  it('reads a list a line an item, and a block without text as empty rather than as its markup', () => {
    const blocks = htmlBlocks('<ul><li><p>Pandeiro</p></li><li><p>Viola</p></li></ul><p></p><hr>');
    expect(blocks.map((block) => block.text)).toEqual(['Pandeiro\nViola', '', '———']);
    // An empty line on both sides is one block both hold, a rule against an empty line is a difference.
    expect(mergeRows('<p>A</p><p></p><p>B</p>', '<p>A</p><p></p><p>B</p>').every((row) => row.kind === 'same')).toBe(
      true,
    );
    expect(mergeRows('<p></p>', '<hr>')).toEqual([
      { kind: 'differs', mine: { html: '<p></p>', text: '' }, theirs: { html: '<hr>', text: '———' } },
    ]);
  });
});
