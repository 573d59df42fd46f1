import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CodeBoxes } from './code-boxes';

function Harness() {
  const [value, setValue] = useState(['', '', '', '']);
  return (
    <>
      <CodeBoxes value={value} onChange={setValue} />
      <output data-testid="code">{value.join('')}</output>
    </>
  );
}

const box = (index: number) => screen.getByTestId(`code-box-${index}`);
const code = () => screen.getByTestId('code').textContent;

describe('code boxes', () => {
  it('keep a code typed into the server’s page before it was live, one character per box', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Harness />);
    document.body.append(container);
    // what a reader typed into the first box while the page's code was still loading.
    container.querySelector<HTMLInputElement>('[data-testid="code-box-0"]')!.value = 'ab3z';
    const root = await act(async () => hydrateRoot(container, <Harness />));
    try {
      expect(code()).toBe('AB3Z');
      expect([0, 1, 2, 3].map((index) => (box(index) as HTMLInputElement).value)).toEqual(['A', 'B', '3', 'Z']);
    } finally {
      act(() => root.unmount());
      container.remove();
    }
  });

  it('labels each box with its position', () => {
    render(<Harness />);
    expect(screen.getAllByRole('textbox').map((input) => input.getAttribute('aria-label'))).toEqual([
      'Caractere 1 de 4',
      'Caractere 2 de 4',
      'Caractere 3 de 4',
      'Caractere 4 de 4',
    ]);
  });

  it('takes one character per box, upper-cased, and advances after each', async () => {
    render(<Harness />);
    await userEvent.click(box(0));
    await userEvent.keyboard('a');
    expect(box(0)).toHaveValue('A');
    expect(box(1)).toHaveFocus();
    await userEvent.keyboard('7');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('-');
    expect(box(2)).toHaveValue('');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('kq');
    expect(code()).toBe('A7KQ');
    expect(box(3)).toHaveFocus();
  });

  it('replaces the character of a filled box instead of growing it', async () => {
    render(<Harness />);
    await userEvent.click(box(0));
    await userEvent.keyboard('ABCD');
    await userEvent.click(box(1));
    await userEvent.keyboard('Z');
    expect(code()).toBe('AZCD');
    expect(box(2)).toHaveFocus();
  });

  it('goes back with Backspace: clears a filled box, then steps back clearing the previous ones', async () => {
    render(<Harness />);
    await userEvent.click(box(0));
    await userEvent.keyboard('ABCD');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('ABC');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('AB');
    expect(box(2)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('A');
    expect(box(1)).toHaveFocus();
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(code()).toBe('');
    expect(box(0)).toHaveFocus();
  });

  it('fills all four boxes from a pasted 4-character code, wherever it is pasted', async () => {
    render(<Harness />);
    await userEvent.click(box(2));
    await userEvent.paste(' k7pq ');
    expect(code()).toBe('K7PQ');
    expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual([
      'K',
      '7',
      'P',
      'Q',
    ]);
    expect(box(3)).toHaveFocus();
  });

  it('fills from the focused box when a shorter piece is pasted', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.paste('xy');
    expect(screen.getAllByRole('textbox').map((input) => (input as HTMLInputElement).value)).toEqual([
      '',
      'X',
      'Y',
      '',
    ]);
    expect(box(3)).toHaveFocus();
  });

  it('moves between boxes with the arrow keys', async () => {
    render(<Harness />);
    await userEvent.click(box(1));
    await userEvent.keyboard('{ArrowLeft}');
    expect(box(0)).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(box(2)).toHaveFocus();
  });
});
