import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFocusTrap, type FocusTrapOptions } from './use-focus-trap';

type Focus = 'last' | 'none' | 'default';

function Dialog({ onEscape, focus = 'default', lockScroll, radios }: { onEscape: () => void; focus?: Focus; lockScroll?: boolean; radios?: boolean }) {
  const panelRef = useRef<HTMLDivElement>(null);
  const lastRef = useRef<HTMLButtonElement>(null);
  const options: FocusTrapOptions = { lockScroll };
  if (focus === 'last') options.initialFocus = lastRef;
  if (focus === 'none') options.initialFocus = 'none';
  useFocusTrap(panelRef, onEscape, options);
  return (
    <div ref={panelRef} role="dialog" tabIndex={-1}>
      <button type="button">first</button>
      <button ref={lastRef} type="button">
        last
      </button>
      {radios && (
        <form>
          <input type="radio" name="pick" aria-label="one" />
          <input type="radio" name="pick" aria-label="two" />
        </form>
      )}
    </div>
  );
}

function Page(props: { focus?: Focus; lockScroll?: boolean; radios?: boolean; onEscape?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      {open && <Dialog {...props} onEscape={props.onEscape ?? (() => setOpen(false))} />}
    </>
  );
}

describe('useFocusTrap', () => {
  it('moves focus to the first control, keeps Tab inside and gives focus back on Escape', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });

  it('focuses the given element, or leaves focus alone with "none"', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Page focus="last" />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('button', { name: 'last' })).toHaveFocus();
    unmount();
    render(<Page focus="none" />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('button', { name: 'open' })).toHaveFocus();
  });

  it('locks the page scroll only when asked, and restores it on close', async () => {
    const user = userEvent.setup();
    document.body.style.overflow = 'auto';
    const { unmount } = render(<Page lockScroll />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
    unmount();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(document.body.style.overflow).toBe('auto');
  });

  it('treats a radio group as one Tab stop when wrapping around', async () => {
    const user = userEvent.setup();
    render(<Page radios />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.tab({ shift: true });
    expect(screen.getByRole('radio', { name: 'one' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'one' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'first' })).toHaveFocus();
  });

  it('calls the newest onEscape the dialog was rendered with', async () => {
    const user = userEvent.setup();
    const first = vi.fn();
    const second = vi.fn();
    const { rerender } = render(<Dialog onEscape={first} />);
    rerender(<Dialog onEscape={second} />);
    await user.keyboard('{Escape}');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledOnce();
  });
});
