import { useEffect, useRef, type RefObject } from 'react';

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface FocusTrapOptions {
  /**
   * Where focus goes on open: this element, else the first control, else the panel itself.
   * `'none'` leaves focus alone, for a dialog that places it on its own.
   */
  initialFocus?: RefObject<HTMLElement | null> | 'none';
  /** Stops the page behind from scrolling while the dialog is open. */
  lockScroll?: boolean;
}

/**
 * What a modal dialog owes the keyboard: focus moves in, Tab and Shift+Tab stay inside `panelRef`,
 * Escape calls `onEscape`, and on close focus returns to the control that opened the dialog.
 */
export function useFocusTrap(panelRef: RefObject<HTMLElement | null>, onEscape: () => void, options: FocusTrapOptions = {}) {
  const { initialFocus, lockScroll = false } = options;
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (initialFocus !== 'none') {
      const panel = panelRef.current;
      (initialFocus?.current ?? panel?.querySelector<HTMLElement>(focusable) ?? panel)?.focus();
    }
    const previousOverflow = document.body.style.overflow;
    if (lockScroll) document.body.style.overflow = 'hidden';
    return () => {
      if (lockScroll) document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
    // NOTE: runs once per opening; the refs are stable.
  }, [panelRef, initialFocus, lockScroll]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        escape.current();
        return;
      }
      const panel = panelRef.current;
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(focusable)].filter(isTabStop);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const outside = !panel.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || outside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [panelRef]);
}

/** Radios of one group are a single Tab stop: only the checked one (or the first, when none is) takes focus. */
function isTabStop(element: HTMLElement): boolean {
  if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || element.checked) return true;
  const scope = element.form ?? element.ownerDocument;
  const radios = [...scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((radio) => radio.name === element.name);
  return !radios.some((radio) => radio.checked) && radios[0] === element;
}
