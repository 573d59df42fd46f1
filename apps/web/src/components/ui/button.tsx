import clsx from 'clsx';
import { LoaderCircle, type LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';

type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet' | 'link' | 'icon';
type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width (forms on phones). */
  block?: boolean;
}

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2';

const variants: Record<ButtonVariant, string> = {
  primary:
    'rounded-lg bg-emerald-700 font-semibold text-white shadow-sm hover:bg-emerald-800 disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none',
  secondary:
    'rounded-lg border border-slate-300 bg-white font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60',
  danger:
    'rounded-lg bg-red-700 font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:ring-red-600 disabled:opacity-60',
  quiet: 'rounded-md font-medium text-emerald-800 hover:bg-emerald-50 disabled:opacity-60',
  link: 'rounded font-semibold text-emerald-800 underline-offset-4 hover:underline disabled:opacity-60',
  icon: 'shrink-0 rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'gap-1.5 px-2.5 py-1.5 text-sm',
  md: 'min-h-10 gap-2 px-4 py-2 text-sm',
  lg: 'min-h-11 gap-2 px-4 py-2.5 text-base',
};

/** A square icon button's side: 32, 40 or 44 px (44 where a thumb presses it). */
const iconSizes: Record<ButtonSize, string> = { sm: 'size-8', md: 'size-10', lg: 'size-11' };

/**
 * The class names of the one button look, for a `<button>` or a link that should look like one. The `icon` variant is
 * a square holding only an icon: give it an `aria-label`.
 */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}): string {
  if (variant === 'icon')
    return clsx('grid place-items-center disabled:cursor-not-allowed', focusRing, variants.icon, iconSizes[size]);
  const padded = variant === 'link' ? 'text-sm' : sizes[size];
  return clsx(
    'inline-flex items-center justify-center disabled:cursor-not-allowed',
    focusRing,
    variants[variant],
    padded,
    block && 'w-full',
  );
}

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** A call is in flight: the button is disabled and spins; `busyLabel` tells screen readers why. */
  busy?: boolean;
  busyLabel?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** The one button: a look (`variant`, `size`, `block`) and an optional busy state. */
export function Button({
  variant,
  size,
  block,
  busy = false,
  busyLabel,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={busy || disabled}
      className={clsx(buttonClass({ variant, size, block }), className)}
      {...rest}
    >
      {busy && <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />}
      {children}
      {busy && busyLabel && <span className="sr-only">{busyLabel}</span>}
    </button>
  );
}

/**
 * A send button's icon and text, which become a spinner and the "…ing" text while its call is in flight (for a
 * button whose text itself says so, where `Button`'s busy state only adds a hidden label).
 */
export function PendingLabel({
  pending,
  icon: Icon,
  label,
  pendingLabel,
}: {
  pending: boolean;
  icon: LucideIcon;
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      {pending ? (
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
      ) : (
        <Icon className="size-4" aria-hidden="true" />
      )}
      {pending ? pendingLabel : label}
    </>
  );
}

/** Gives focus back to a button that was disabled while sending, when nothing else took it: keyboard users go on from there. */
export function refocusIfLost(button: HTMLElement | null): void {
  if (!document.activeElement || document.activeElement === document.body) button?.focus();
}
