import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Bold, X } from 'lucide-react';
import { expect, it, vi } from 'vitest';
import { Button } from './button';

it('is a plain button, not a submit, unless told; busy disables it and says why', async () => {
  const onClick = vi.fn();
  render(
    <form onSubmit={() => expect.unreachable('a Button submitted its form')}>
      <Button onClick={onClick}>Salvar</Button>
      <Button busy busyLabel="Salvando" onClick={onClick}>
        Enviar
      </Button>
    </form>,
  );
  const save = screen.getByRole('button', { name: 'Salvar' });
  expect(save).toHaveAttribute('type', 'button');
  await userEvent.click(save);
  expect(onClick).toHaveBeenCalledTimes(1);
  const busy = screen.getByRole('button', { name: /^Enviar ?Salvando$/ });
  expect(busy).toBeDisabled();
  await userEvent.click(busy);
  expect(onClick).toHaveBeenCalledTimes(1);
});

it('names an icon-only button by its label and says a toggle is pressed', () => {
  render(
    <>
      <Button variant="icon" aria-label="Fechar">
        <X aria-hidden="true" />
      </Button>
      <Button variant="toolbar" aria-label="Negrito" pressed>
        <Bold aria-hidden="true" />
      </Button>
      <Button variant="toolbar" aria-label="Itálico" pressed={false}>
        <Bold aria-hidden="true" />
      </Button>
    </>,
  );
  expect(screen.getByRole('button', { name: 'Fechar' })).not.toHaveAttribute('aria-pressed');
  expect(screen.getByRole('button', { name: 'Negrito', pressed: true })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Itálico', pressed: false })).toBeInTheDocument();
  // @ts-expect-error: a button holding only an icon has nothing else to be named by.
  void (<Button variant="icon" />);
});

it('shows a focus ring on every look but plain, whose caller draws its own', () => {
  const looks = ['primary', 'secondary', 'danger', 'quiet', 'ghost', 'dangerQuiet', 'link', 'chip'] as const;
  render(
    <>
      {looks.map((look) => (
        <Button key={look} variant={look}>
          {look}
        </Button>
      ))}
      <Button variant="icon" aria-label="icon" />
      <Button variant="toolbar" aria-label="toolbar" />
      <Button variant="plain" className="focus-visible:ring-2">
        plain
      </Button>
    </>,
  );
  for (const name of [...looks, 'icon', 'toolbar', 'plain']) {
    expect(screen.getByRole('button', { name }).className).toContain('focus-visible:ring-2');
  }
  expect(screen.getByRole('button', { name: 'plain' })).toHaveClass('focus-visible:ring-2', { exact: true });
});
