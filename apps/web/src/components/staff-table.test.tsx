import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { StaffTable, type StaffColumn } from './staff-table';

interface Row {
  id: number;
  title: string;
  live: boolean;
}

const columns: StaffColumn<Row>[] = [
  { key: 'id', header: '#', cell: (row) => row.id },
  { key: 'title', header: 'Título', cell: (row) => <a href={`/editor/${row.id}`}>{row.title}</a> },
  { key: 'live', header: 'No ar', className: 'hidden md:table-cell', cell: (row) => (row.live ? 'Sim' : 'Não') },
];

it('lists the rows under headings that name each cell, with a caption for screen readers', () => {
  const rows = [
    { id: 7, title: 'Primeiro', live: true },
    { id: 9, title: 'Segundo', live: false },
  ];
  render(
    <StaffTable
      caption="Artigos"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowClassName={(row) => (row.live ? 'bg-emerald-50' : undefined)}
    />,
  );
  const table = screen.getByRole('table', { name: 'Artigos' });
  const headings = within(table).getAllByRole('columnheader');
  expect(headings.map((heading) => heading.textContent)).toEqual(['#', 'Título', 'No ar']);
  expect(headings[0]).toHaveAttribute('scope', 'col');
  expect(within(table).getAllByRole('row')).toHaveLength(3);
  const first = within(table).getByRole('row', { name: /Primeiro/ });
  const second = within(table).getByRole('row', { name: /Segundo/ });
  expect(
    within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['7', 'Primeiro', 'Sim']);
  expect(within(second).getByRole('link', { name: 'Segundo' })).toHaveAttribute('href', '/editor/9');
  expect(first).toHaveClass('bg-emerald-50');
  expect(second).not.toHaveClass('bg-emerald-50');
  // A column hidden on phones hides its heading and its cells together.
  expect(headings[2]).toHaveClass('hidden');
  expect(within(second).getAllByRole('cell')[2]).toHaveClass('hidden');
});
