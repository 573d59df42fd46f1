import { buttonClass } from '../../../components/ui/button';

/** The back office's links that look like buttons wear the one button look (its buttons are `<Button>`). */
export const primaryButtonClass = buttonClass({ variant: 'primary' });

export const secondaryButtonClass = buttonClass({ variant: 'secondary' });

export const pageTitleClass = 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl';
