/** The four lists of the Channels page, in the spec's order. Names are without the leading '#'. */
export const channelCategories = {
  regional: ['barra', 'rio', 'sampa', 'brasil', 'portugal', 'lisboa', 'cascais', 'porto', 'america', 'losangeles', 'miami'],
  relations: [
    'instafollow', '25a35anos', '35a45anos', '45a55anos', 'coroas', 'traveler', 'ajuda',
    'bar-do-johhnie', 'ensemblemodels', 'ganhedinheiro', 'culturafrancesa',
  ],
  music: ['swifties', 'harrystyles', 'onedirection', 'sertanejo', 'billieeilish', 'pinkfloyd'],
  entertainment: ['netflix', 'lestepe', 'globo', 'amazonprime', 'twoandahalfmen', 'casamentoascegas'],
} as const;

export type ChannelCategory = keyof typeof channelCategories;

export const channelCategoryOrder: readonly ChannelCategory[] = ['regional', 'relations', 'music', 'entertainment'];

/** Where a member lands when no channel is named and they have no favourite. */
export const defaultChannel = 'barra';

/** New channels may not start with this: `/home{name}` is the music page (decision 004). */
export const reservedChannelPrefix = 'home';

/** Lowercase letters, digits, '-' and '_', up to 30 characters. */
export const channelNamePattern = /^[a-z0-9_-]{1,30}$/;

/** Channel levels of the spec; the intermediate step (nickname holder) has no number of its own. */
export const channelLevels = { user: 0, voiced: 3, operator: 5, master: 10, founder: 100 } as const;
