import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, toastDurations, useToast, type ToastInput } from './toast';

function Trigger({ input }: { input: ToastInput }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(input)}>
      {input.message}
    </button>
  );
}

function renderToasts(...inputs: ToastInput[]) {
  render(
    <ToastProvider>
      {inputs.map((input) => (
        <Trigger key={input.message} input={input} />
      ))}
    </ToastProvider>,
  );
  return (message: string) => fireEvent.click(screen.getByRole('button', { name: message }));
}

const messages = () => screen.queryAllByTestId('toast').map((toast) => toast.textContent);

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a message in a polite live region and removes it after its time', () => {
    const show = renderToasts({ message: 'Salvo.' });
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toBeEmptyDOMElement();

    show('Salvo.');
    expect(screen.getByTestId('toast')).toHaveAttribute('data-tone', 'success');
    expect(region).toHaveTextContent('Salvo.');
    act(() => vi.advanceTimersByTime(toastDurations.success - 1));
    expect(messages()).toEqual(['Salvo.']);
    act(() => vi.advanceTimersByTime(1));
    expect(messages()).toEqual([]);
  });

  it('keeps errors longer than confirmations', () => {
    expect(toastDurations.error).toBeGreaterThan(toastDurations.success);
    const show = renderToasts({ message: 'Falhou.', tone: 'error' });
    show('Falhou.');
    act(() => vi.advanceTimersByTime(toastDurations.success));
    expect(messages()).toEqual(['Falhou.']);
    act(() => vi.advanceTimersByTime(toastDurations.error - toastDurations.success));
    expect(messages()).toEqual([]);
  });

  it('closes on its button', () => {
    const show = renderToasts({ message: 'Salvo.' });
    show('Salvo.');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(messages()).toEqual([]);
  });

  it('never stacks the same message twice and shows at most three', () => {
    const show = renderToasts(...['a', 'b', 'c', 'd'].map((message) => ({ message })));
    show('a');
    show('a');
    expect(messages()).toEqual(['a']);
    show('b');
    show('c');
    show('d');
    expect(messages()).toEqual(['b', 'c', 'd']);
  });

  it('waits while the pointer rests on the message', () => {
    const show = renderToasts({ message: 'Salvo.' });
    show('Salvo.');
    fireEvent.mouseEnter(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(toastDurations.success * 3));
    expect(messages()).toEqual(['Salvo.']);
    fireEvent.mouseLeave(screen.getByTestId('toast'));
    act(() => vi.advanceTimersByTime(toastDurations.success));
    expect(messages()).toEqual([]);
  });

  it('refuses to work without a provider', () => {
    // React logs the thrown error; silenced so the expected failure does not read as a problem.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => render(<Trigger input={{ message: 'x' }} />)).toThrow('useToast needs a ToastProvider above it');
    } finally {
      quiet.mockRestore();
    }
  });
});
