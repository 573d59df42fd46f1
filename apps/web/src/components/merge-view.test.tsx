import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MergeView } from './merge-view';

describe('MergeView', () => {
  it('shows a list a line an item and an empty paragraph as a line without text, never as markup', () => {
    render(
      <MergeView
        mine="<ul><li><p>Pandeiro</p></li><li><p>Viola</p></li></ul><p></p><p>Fim</p>"
        theirs="<ul><li><p>Pandeiro</p></li><li><p>Viola</p></li></ul><p></p><p>Fim da Bia</p>"
        theirName="Bia"
        busy={false}
        onSave={vi.fn()}
      />,
    );
    const same = screen.getAllByTestId('merge-same');
    expect(same.map((row) => row.textContent)).toEqual(['Pandeiro\nViola', '(linha sem texto)']);
    expect(screen.getByTestId('merge-view').textContent).not.toContain('<p>');
    expect(within(screen.getByTestId('merge-row')).getByTestId('merge-theirs')).toHaveTextContent('Fim da Bia');
  });
});
