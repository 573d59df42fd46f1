import { useEffect, type RefObject } from 'react';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What a modal dialog owes the keyboard: focus moves to `initialFocus`, Tab and Shift+Tab stay inside,
 * Escape calls `onEscape`, and focus returns to the control that opened it on close.
 */
export function useDialogFocus(panelRef: RefObject<HTMLElement | null>, initialFocus: RefObject<HTMLElement | null>, onEscape: () => void) {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    initialFocus.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      const items = [...(panelRef.current?.querySelectorAll<HTMLElement>(focusable) ?? [])];
      const first = items[0];
      const last = items.at(-1);
      if (event.key !== 'Tab' || !first || !last) return;
      const outside = !panelRef.current?.contains(document.activeElement);
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
  }, [panelRef, onEscape]);
}
