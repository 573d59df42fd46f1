import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { ErrorState, QueryView } from './load-state';

function List({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['list'], queryFn: load, retry: false });
  return (
    <QueryView query={query} empty={{ title: 'Nada aqui', isEmpty: (items) => items.length === 0 }}>
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryView>
  );
}

function renderList(load: () => Promise<string[]>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <List load={load} />
    </QueryClientProvider>,
  );
}

it('shows loading, then an error with a retry that loads again, then the content', async () => {
  const answers: (() => Promise<string[]>)[] = [
    () => Promise.reject(new Error('down')),
    () => Promise.resolve(['a', 'b']),
  ];
  renderList(() => answers.shift()!());
  expect(screen.getByTestId('load-loading')).toHaveAttribute('role', 'status');
  const error = await screen.findByTestId('load-error');
  expect(error).toHaveAttribute('role', 'alert');
  await userEvent.click(screen.getByRole('button'));
  expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  expect(answers).toHaveLength(0);
});

it('shows the empty state for an empty answer', async () => {
  renderList(() => Promise.resolve([]));
  expect(await screen.findByText('Nada aqui')).toBeInTheDocument();
});

it('offers no retry for a refusal no retry can change, and says it as an alert', () => {
  render(<ErrorState title="Sem acesso" text="Só administradores." testId="refused" />);
  const refused = screen.getByTestId('refused');
  expect(refused).toHaveAttribute('role', 'alert');
  expect(refused).toHaveTextContent('Sem acessoSó administradores.');
  expect(screen.queryByRole('button')).toBeNull();
});
