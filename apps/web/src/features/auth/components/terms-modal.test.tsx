import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TermsField } from './terms-field';

// jsdom has no layout; the terms text reports the size it would have in a browser.
const geometry = { scrollHeight: 2000, clientHeight: 500 };
const stubbed = ['scrollHeight', 'clientHeight'] as const;

beforeEach(() => {
  for (const name of stubbed) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        return this.dataset.testid === 'terms-text' ? geometry[name] : 0;
      },
    });
  }
});

afterEach(() => {
  for (const name of stubbed) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  geometry.scrollHeight = 2000;
});

function Harness() {
  const [checked, setChecked] = useState(false);
  return <TermsField checked={checked} onChange={setChecked} />;
}

function scrollTermsTo(top: number) {
  const text = screen.getByTestId('terms-text');
  text.scrollTop = top;
  fireEvent.scroll(text);
}

async function openTerms() {
  render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: 'Ler os termos de uso' }));
  return screen.getByRole('dialog', { name: 'Termos de uso' });
}

describe('terms modal', () => {
  it('is a labelled modal dialog showing the terms page text, with the text focused', async () => {
    const dialog = await openTerms();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText(/Estes termos explicam as regras/)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: '4. Moderação' })).toBeInTheDocument();
    expect(screen.getByTestId('terms-text')).toHaveFocus();
  });

  it('keeps Agree disabled until the text is scrolled to the bottom; agreeing ticks the box', async () => {
    const dialog = await openTerms();
    const agree = within(dialog).getByRole('button', { name: 'Aceitar' });
    expect(agree).toBeDisabled();
    scrollTermsTo(900);
    expect(agree).toBeDisabled();
    scrollTermsTo(1500);
    expect(agree).toBeEnabled();
    await userEvent.click(agree);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Li e aceito os termos de uso' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Ler os termos de uso' })).toHaveFocus();
  });

  it('enables Agree at once when the whole text fits', async () => {
    geometry.scrollHeight = 500;
    const dialog = await openTerms();
    expect(within(dialog).getByRole('button', { name: 'Aceitar' })).toBeEnabled();
  });

  it('declining closes it and leaves the box unticked', async () => {
    const dialog = await openTerms();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Recusar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });

  it('closes on Escape and keeps Tab inside the dialog', async () => {
    const dialog = await openTerms();
    const close = within(dialog).getByRole('button', { name: 'Fechar os termos de uso' });
    const decline = within(dialog).getByRole('button', { name: 'Recusar' });
    decline.focus();
    // Agree is disabled, so Decline is the last stop; Tab wraps to the first control.
    await userEvent.tab();
    expect(close).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(decline).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ler os termos de uso' })).toHaveFocus();
  });
});
