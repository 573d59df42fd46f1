import * as Radix from '@radix-ui/react-dialog';
import clsx from 'clsx';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useState, type ReactNode, type RefObject } from 'react';
import { buttonClass } from './button';

interface DialogProps {
  title: ReactNode;
  /** Escape, the backdrop and the close button call it; the caller unmounts the dialog. */
  onClose: () => void;
  children: ReactNode;
  /** A sentence read with the title (a confirmation's question). */
  description?: ReactNode;
  /** `alertdialog` for a question that needs an answer before anything else. */
  role?: 'dialog' | 'alertdialog';
  /** Where focus goes on open: this element, else the first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close, when not back to the opener (a text editor takes it back with its selection). */
  restoreFocus?: () => void;
  /** The close button's accessible name, when "Close" is not enough; an `alertdialog` has no close button. */
  closeLabel?: string;
  /** Tailwind max-width class of the panel. */
  width?: string;
  /** A bottom sheet on phones, centred from `sm` up. */
  sheet?: boolean;
  /** A full-height panel from the left edge (the mobile menu). */
  drawer?: boolean;
  /** Shown on the title row in place of the title, which is then read by screen readers only (the drawer's logo). */
  banner?: ReactNode;
  id?: string;
  /** Extra classes of the panel (a fixed height). */
  className?: string;
  /** Classes of the body under the title; padded and scrolling unless replaced. */
  bodyClassName?: string;
  testId?: string;
}

/** Where the panel sits: centred, a bottom sheet on phones, or along the left edge. */
function placement(sheet: boolean, drawer: boolean): string {
  if (drawer) return 'items-stretch justify-start';
  return clsx('justify-center', sheet ? 'items-end sm:items-center sm:p-4' : 'items-center p-3 sm:p-4');
}

/**
 * The one modal dialog, on Radix Dialog: focus moves in and stays inside, Escape and the backdrop close it,
 * the page behind is inert and does not scroll, and focus returns to the opener on close.
 */
export function Dialog(props: DialogProps) {
  const { t } = useTranslation();
  const {
    title,
    onClose,
    children,
    description,
    role = 'dialog',
    initialFocus,
    closeLabel = t('dialog.close'),
    width = 'max-w-md',
    sheet = false,
    drawer = false,
    banner,
  } = props;
  // Radix gives focus back to its own trigger; these dialogs are opened by the caller, so we remember the opener.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    if (props.restoreFocus) props.restoreFocus();
    else if (opener?.isConnected) opener.focus();
  };
  const onOpenAutoFocus = (event: Event) => {
    if (!initialFocus?.current) return;
    event.preventDefault();
    initialFocus.current.focus();
  };
  return (
    <Radix.Root open onOpenChange={(open) => !open && onClose()}>
      <Radix.Portal>
        <Radix.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <div className={clsx('pointer-events-none fixed inset-0 z-50 flex', placement(sheet, drawer))}>
          <Radix.Content
            id={props.id}
            role={role}
            data-testid={props.testId}
            aria-modal="true"
            onOpenAutoFocus={onOpenAutoFocus}
            onCloseAutoFocus={onCloseAutoFocus}
            {...(description ? {} : { 'aria-describedby': undefined })}
            className={clsx(
              'pointer-events-auto relative flex flex-col bg-white shadow-xl focus:outline-none',
              drawer
                ? 'h-full w-[min(20rem,88vw)]'
                : ['max-h-[calc(100dvh-2rem)] w-full', sheet ? 'rounded-t-2xl sm:rounded-xl' : 'rounded-xl', width],
              props.className,
            )}
          >
            <div
              className={
                banner
                  ? 'flex h-16 shrink-0 items-center justify-between gap-3 border-b border-slate-200 px-4'
                  : 'flex items-start gap-3 px-5 pb-2 pt-4'
              }
            >
              {banner}
              <Radix.Title
                className={banner ? 'sr-only' : 'min-w-0 flex-1 pt-1.5 text-lg font-semibold text-slate-900'}
              >
                {title}
              </Radix.Title>
              {role === 'dialog' && (
                <Radix.Close aria-label={closeLabel} className={buttonClass({ variant: 'icon' })}>
                  <X className="size-5" aria-hidden="true" />
                </Radix.Close>
              )}
            </div>
            {description && (
              <Radix.Description className="px-5 text-sm text-slate-600">{description}</Radix.Description>
            )}
            <div className={props.bodyClassName ?? 'min-h-0 overflow-y-auto px-5 pb-5'}>{children}</div>
          </Radix.Content>
        </div>
      </Radix.Portal>
    </Radix.Root>
  );
}
