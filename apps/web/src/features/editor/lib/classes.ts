import { buttonClass } from '../../../components/ui/button';

/** The back office's buttons wear the one button look; the toolbar's square tool buttons are its own. */
export const primaryButtonClass = buttonClass({ variant: 'primary' });

export const secondaryButtonClass = buttonClass({ variant: 'secondary' });

export const toolButtonClass =
  'inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 aria-pressed:bg-emerald-100 aria-pressed:text-emerald-900';

export const pageTitleClass = 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl';
