import type { MutationOptions } from '@tanstack/react-query';

/**
 * How the app's writes are sent: even when the browser says it is offline, so a write fails at once and its screen
 * says the network is missing (the editor then tries again by itself, decision 040), where TanStack's default would
 * hold it unsent without a word.
 */
export const writeDefaults = { networkMode: 'always' } satisfies MutationOptions;
