import clsx from 'clsx';
import { LoaderCircle, type LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes, Ref } from 'react';

/**
 * The looks of a button. `quiet` and `ghost` are text on nothing (emerald and slate), `dangerQuiet` the same in red (a
 * remove beside other content); `icon` and `toolbar` hold only an icon, so they need an `aria-label`; `toolbar` is an
 * editor's square tool that shows `pressed`; `chip` is a filter's pill, filled while `pressed`; `plain` draws nothing,
 * for a control whose look is its own (a switch, a tile, a card, a button on a dark banner): its caller draws the focus
 * ring, else the browser's outline shows.
 */
type ButtonVariant =
  'primary' | 'secondary' | 'danger' | 'quiet' | 'ghost' | 'dangerQuiet' | 'link' | 'chip' | IconVariant | 'plain';
type IconVariant = 'icon' | 'toolbar';
type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width (forms on phones). */
  block?: boolean;
  /** A round icon button (the music player's), where the others are rounded squares. */
  round?: boolean;
}

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2';

const variants: Record<Exclude<ButtonVariant, IconVariant | 'plain' | 'chip'>, string> = {
  primary:
    'rounded-lg bg-emerald-700 font-semibold text-white shadow-sm hover:bg-emerald-800 disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none',
  secondary:
    'rounded-lg border border-slate-300 bg-white font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60',
  danger:
    'rounded-lg bg-red-700 font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:ring-red-600 disabled:opacity-60',
  quiet: 'rounded-md font-medium text-emerald-800 hover:bg-emerald-50 disabled:opacity-60',
  ghost: 'rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-60',
  dangerQuiet: 'rounded-md font-medium text-red-700 hover:bg-red-50 disabled:opacity-60',
  link: 'rounded font-semibold text-emerald-800 underline-offset-4 hover:underline disabled:opacity-60',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'gap-1.5 px-2.5 py-1.5 text-sm',
  md: 'min-h-10 gap-2 px-4 py-2 text-sm',
  lg: 'min-h-11 gap-2 px-4 py-2.5 text-base',
};

/**
 * A filter's pill: outlined, filled while on. The pressed hover repeats the pressed colours, so hovering a chip
 * that is on does not tint its text as it tints one that is off.
 */
const chipLook =
  'rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:border-emerald-600 hover:text-emerald-800 disabled:cursor-not-allowed disabled:opacity-60 aria-pressed:border-emerald-700 aria-pressed:bg-emerald-700 aria-pressed:text-white aria-pressed:hover:border-emerald-700 aria-pressed:hover:text-white';

/** A square icon button's side: 32, 40 or 44 px (44 where a thumb presses it). */
const iconSizes: Record<ButtonSize, string> = { sm: 'size-8', md: 'size-10', lg: 'size-11' };

const iconLook = 'shrink-0 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50';

/**
 * The rich-text toolbar's tools: 36 px squares, tinted while their mark or block is on (`aria-pressed`). The ring
 * sits on the square without an offset: the tools stand 2 px apart and an offset ring would hide its neighbour's edge.
 */
const toolbarLook =
  'inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 aria-pressed:bg-emerald-100 aria-pressed:text-emerald-900';

/**
 * The class names of the one button look, for a `<button>` or a link that should look like one. The `icon` variant is
 * a square holding only an icon: give it an `aria-label`.
 */
export function buttonClass({
  variant = 'primary',
  size = 'md',
  block = false,
  round = false,
}: ButtonLook = {}): string {
  if (variant === 'plain') return '';
  if (variant === 'toolbar') return toolbarLook;
  if (variant === 'chip') return clsx(focusRing, chipLook);
  if (variant === 'icon')
    return clsx(
      'grid place-items-center disabled:cursor-not-allowed',
      focusRing,
      iconLook,
      round ? 'rounded-full' : 'rounded-lg',
      iconSizes[size],
    );
  const padded = variant === 'link' ? 'text-sm' : sizes[size];
  return clsx(
    'inline-flex items-center justify-center disabled:cursor-not-allowed',
    focusRing,
    variants[variant],
    padded,
    block && 'w-full',
  );
}

interface ButtonBase extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** A call is in flight: the button is disabled and spins; `busyLabel` tells screen readers why. */
  busy?: boolean;
  busyLabel?: string;
  /** A toggle's state, as `aria-pressed` (a toolbar's bold, a filter chip). */
  pressed?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button holding only an icon has no text to be named by: its label is required. */
export type ButtonProps =
  | (ButtonBase & { variant: IconVariant; 'aria-label': string })
  | (ButtonBase & { variant?: Exclude<ButtonVariant, IconVariant> });

/** The one button: a look (`variant`, `size`, `block`, `round`), a toggle's `pressed` and an optional busy state. */
export function Button({
  variant,
  size,
  block,
  round,
  busy = false,
  busyLabel,
  pressed,
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
      aria-pressed={pressed}
      className={clsx(buttonClass({ variant, size, block, round }), className) || undefined}
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
