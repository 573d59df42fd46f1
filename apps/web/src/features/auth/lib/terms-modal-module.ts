import { lazyModule } from '../../../lib/on-use';

// the signup's terms (Radix dialog and the whole terms text, ~16 KiB gzipped) load on first use, not with the
// page (decision 019): from a hover or focus of the button that opens them, at the latest its click.
export const termsModal = lazyModule(() => import('../components/terms-modal'));
