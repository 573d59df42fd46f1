import type { BioSection } from '@papo/contract/bio';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useLearnMoreCards } from '../lib/learn-more';
import { BioCard, Highlighted } from './bio-card';

const section: BioSection = {
  id: 7,
  kind: 'year',
  tag: '1982',
  tags: ['Dona Cida', 'Maré Alta'],
  layout: 'layout-2',
  photoPath: 'bio/0123456789abcdef0123456789abcdef.webp',
  description: 'Ilustração de 1982',
  paragraphs: ['Com dona cida, na praia, antes da Maré Alta.', 'Sem etiquetas aqui.'],
};

function OpenCards() {
  return (
    <output data-testid="cards">
      {useLearnMoreCards()
        .map((card) => card.tag)
        .join('|')}
    </output>
  );
}

describe('bio card', () => {
  it('links every mention of its tags (any case) to the year holding it, and opens the tag’s learn-more card', async () => {
    render(
      <MemoryRouter>
        <BioCard section={section} id="ano-1982" />
        <OpenCards />
      </MemoryRouter>,
    );
    const card = screen.getByRole('article', { name: '1982' });
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['dona cida', '/bio?tag=Dona%20Cida'],
      ['Maré Alta', '/bio?tag=Mar%C3%A9%20Alta'],
    ]);
    expect(within(card).getByRole('img', { name: 'Ilustração de 1982' })).toHaveAttribute(
      'src',
      '/uploads/bio/0123456789abcdef0123456789abcdef.webp',
    );
    await userEvent.click(links[1]!);
    expect(screen.getByTestId('cards').textContent).toBe('Maré Alta');
  });

  it('marks the ranges it is given and nothing else', () => {
    const { container } = render(
      <Highlighted
        text="A Maré Alta e a maré"
        marks={[
          [2, 6],
          [16, 20],
        ]}
      />,
    );
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Maré', 'maré']);
    expect(container.textContent).toBe('A Maré Alta e a maré');
  });
});
