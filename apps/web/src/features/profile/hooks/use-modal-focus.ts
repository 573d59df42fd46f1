import { useEffect, type RefObject } from 'react';

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What a modal dialog owes the keyboard: focus moves in (to `initialFocus`, else the first control),
 * Tab and Shift+Tab stay inside, Escape calls `onEscape`, the page behind does not scroll, and on
 * close focus returns to the control that opened it.
 */
export function useModalFocus(
  panelRef: RefObject<HTMLElement | null>,
  onEscape: () => void,
  initialFocus?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = initialFocus?.current ?? panelRef.current?.querySelector<HTMLElement>(focusable);
    target?.focus();
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
    // NOTE: runs once per opening; the refs are stable.
  }, [panelRef, initialFocus]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onEscape();
        return;
      }
      const panel = panelRef.current;
      if (event.key !== 'Tab' || !panel) return;
      // NOTE: radios of one group are a single Tab stop; only the checked (or first) one can take focus.
      const items = [...panel.querySelectorAll<HTMLElement>(focusable)].filter(isTabStop);
      const first = items[0];
      const last = items[items.length - 1];
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
  }, [panelRef, onEscape]);
}

function isTabStop(element: HTMLElement): boolean {
  if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || element.checked) return true;
  const scope = element.form ?? element.ownerDocument;
  const radios = [...scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter((radio) => radio.name === element.name);
  return !radios.some((radio) => radio.checked) && radios[0] === element;
}
