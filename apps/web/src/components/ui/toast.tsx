import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { Button } from './button';

export type ToastTone = 'success' | 'error';

export interface ToastInput {
  message: string;
  tone?: ToastTone;
}

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

export interface ToastApi {
  /** Shows a short message that disappears by itself; the same message is never stacked twice. */
  show(input: ToastInput): void;
}

/** How long a message stays (ms); errors stay longer because they ask the reader to act. */
export const toastDurations: Record<ToastTone, number> = { success: 4_000, error: 7_000 };
const maxVisible = 3;

const ToastContext = createContext<ToastApi | null>(null);

/** Provides `useToast` to its children and shows the messages in a polite live region. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setItems((current) => current.filter((item) => item.id !== id)), []);
  const show = useCallback(({ message, tone = 'success' }: ToastInput) => {
    setItems((current) => {
      const others = current.filter((item) => item.message !== message);
      return [...others, { id: nextId.current++, message, tone }].slice(-maxVisible);
    });
  }, []);
  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport items={items} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

/** Hands a toast API made elsewhere to a tree of its own (an island of a public page, whose messages share one region). */
export function ToastApiProvider({ api, children }: { api: ToastApi; children: ReactNode }) {
  return <ToastContext.Provider value={api}>{children}</ToastContext.Provider>;
}

/** The toast API of the nearest `ToastProvider` (the root shell mounts one for the whole app). */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs a ToastProvider above it');
  return api;
}

function ToastViewport({ items, onDismiss }: { items: ToastItem[]; onDismiss: (id: number) => void }) {
  // the live region stays in the document while empty, so screen readers announce what is added to it.
  // On phones it sits under the header: the bottom belongs to bottom-sheet dialogs and the cookie banner.
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-16 z-[60] flex flex-col items-center gap-2 p-3 sm:bottom-0 sm:top-auto sm:items-end sm:p-6"
    >
      {items.map((item) => (
        <Toast key={item.id} item={item} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  // the timer pauses while the pointer or focus is on the message, so nobody loses it mid-read (WCAG 2.2.1).
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(item.id), toastDurations[item.tone]);
    return () => window.clearTimeout(timer);
  }, [paused, item.id, item.tone, onDismiss]);

  const Icon = item.tone === 'error' ? CircleAlert : CircleCheck;
  return (
    <div
      data-testid="toast"
      data-tone={item.tone}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={clsx(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white py-3 pl-4 pr-2 text-sm shadow-lg',
        item.tone === 'error' ? 'border-red-200' : 'border-emerald-200',
      )}
    >
      <Icon
        className={clsx('mt-0.5 size-5 shrink-0', item.tone === 'error' ? 'text-red-600' : 'text-emerald-600')}
        aria-hidden="true"
      />
      <p className="min-w-0 flex-1 break-words pt-0.5 text-slate-800">{item.message}</p>
      <Button variant="icon" size="sm" onClick={() => onDismiss(item.id)} aria-label={t('toast.dismiss')}>
        <X className="size-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
