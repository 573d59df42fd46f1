/*
 * Channel constants public pages need (the shell, home, Channels), apart from channels.ts: that module
 * also builds zod schemas, and importing it would put zod in their first download (decision 019).
 */

/** Lowercase letters, digits, '-' and '_', up to 30 characters (a channel's address, `/:slug`, tests it before any chat code loads). */
export const channelNamePattern = /^[a-z0-9_-]{1,30}$/;

/** Where a member lands when no channel is named and they have no favourite. */
export const defaultChannel = 'barra';

/** The four lists of the Channels page, in the spec's order. Names are without the leading '#'. */
export const channelCategories = {
  regional: [
    'barra',
    'rio',
    'sampa',
    'brasil',
    'portugal',
    'lisboa',
    'cascais',
    'porto',
    'america',
    'losangeles',
    'miami',
  ],
  relations: [
    'instafollow',
    '25a35anos',
    '35a45anos',
    '45a55anos',
    'coroas',
    'traveler',
    'ajuda',
    'bar-do-johhnie',
    'ensemblemodels',
    'ganhedinheiro',
    'culturafrancesa',
  ],
  music: ['swifties', 'harrystyles', 'onedirection', 'sertanejo', 'billieeilish', 'pinkfloyd'],
  entertainment: ['netflix', 'lestepe', 'globo', 'amazonprime', 'twoandahalfmen', 'casamentoascegas'],
} as const;

export type ChannelCategory = keyof typeof channelCategories;

export const channelCategoryOrder: readonly ChannelCategory[] = ['regional', 'relations', 'music', 'entertainment'];
