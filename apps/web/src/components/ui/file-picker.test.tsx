import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { FilePicker } from './file-picker';

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

/** A drop of `files` on `target`, as the browser sends one dragged from the desktop; answers whether it was taken. */
function drop(target: Element, files: File[]): boolean {
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragOver(target, { dataTransfer });
  const event = createEvent.drop(target, { dataTransfer });
  fireEvent(target, event);
  return event.defaultPrevented;
}

it('is reached by Tab as a button named by its label, which opens the hidden input of the same name', async () => {
  const onFiles = vi.fn();
  render(<FilePicker id="pic" label="Enviar imagem 3" accept="image/png" onFiles={onFiles} />);
  const user = userEvent.setup();
  await user.tab();
  const button = screen.getByRole('button', { name: 'Enviar imagem 3' });
  expect(button).toHaveFocus();
  const input = screen.getByLabelText('Enviar imagem 3');
  expect(input).toHaveAttribute('type', 'file');
  expect(input).toHaveAttribute('tabindex', '-1');
  const opened = vi.fn();
  input.addEventListener('click', opened);
  await user.keyboard('{Enter}');
  expect(opened).toHaveBeenCalledTimes(1);

  await user.upload(input, png('a.png'));
  expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'a.png' })]);
});

it('takes files dropped on it, one where it chooses one, and nothing while it sends', () => {
  const onFiles = vi.fn();
  const { rerender } = render(<FilePicker id="pic" label="Alterar foto" accept="image/png" onFiles={onFiles} />);
  const button = screen.getByRole('button', { name: 'Alterar foto' });
  expect(drop(button, [png('a.png'), png('b.png')])).toBe(true);
  expect(onFiles).toHaveBeenCalledExactlyOnceWith([expect.objectContaining({ name: 'a.png' })]);

  rerender(
    <FilePicker id="pic" label="Alterar foto" busyLabel="Enviando foto..." busy accept="image/png" onFiles={onFiles} />,
  );
  const busy = screen.getByRole('button', { name: 'Enviando foto...' });
  expect(busy).toBeDisabled();
  expect(screen.getByLabelText('Alterar foto')).toBeDisabled();
  expect(drop(busy, [png('c.png')])).toBe(false);
  expect(onFiles).toHaveBeenCalledTimes(1);
});

it('names the choice beside it when the caller keeps it, and marks a refused one with its reason', () => {
  render(
    <>
      <FilePicker id="many" accept="image/png" multiple files={[png('a.png'), png('b.png')]} onFiles={() => {}} />
      <FilePicker id="one" label="Alterar foto" accept="image/png" invalid describedBy="why" onFiles={() => {}} />
      <p id="why">Não conseguimos ler esta imagem.</p>
    </>,
  );
  expect(screen.getByRole('button', { name: 'Escolher arquivos' })).toBeInTheDocument();
  expect(screen.getByText('2 arquivos escolhidos')).toBeInTheDocument();
  const refused = screen.getByRole('button', { name: 'Alterar foto' });
  expect(refused).toHaveAttribute('aria-invalid', 'true');
  expect(refused).toHaveAccessibleDescription('Não conseguimos ler esta imagem.');
  expect(screen.queryByText('Nenhum arquivo escolhido')).toBeNull();
  // the input is hidden from screen readers: what it says of the refusal, nobody hears.
  const hidden = screen.getByLabelText('Alterar foto', { selector: 'input' });
  expect(hidden).not.toHaveAttribute('aria-invalid');
  expect(hidden).not.toHaveAttribute('aria-describedby');
});
