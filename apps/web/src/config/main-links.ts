import { paths } from './paths';

export type SectionName =
  | 'blog'
  | 'shop'
  | 'courses'
  | 'channels'
  | 'videos'
  | 'lyrics'
  | 'extraIncome'
  | 'photos'
  | 'bio'
  | 'music'
  | 'cryptos';

export interface MainLink {
  name: SectionName;
  to: string;
  /** Route names that belong to this section, so the link stays highlighted on their pages. */
  section: readonly string[];
}

/**
 * The specification's five main sections: first in the header (desktop), the mobile menu and the /mobileMenu page.
 * Their icons are in `components/section-icons.ts`, loaded with the lists that show them (not with every page).
 */
export const mainLinks: readonly MainLink[] = [
  { name: 'blog', to: paths.blog, section: ['blog', 'blogView'] },
  { name: 'shop', to: paths.shop, section: ['shop', 'shopView'] },
  { name: 'courses', to: paths.courses, section: ['courses', 'courseView'] },
  { name: 'channels', to: paths.channels, section: ['channels'] },
  { name: 'videos', to: paths.videos, section: ['videos', 'videoView'] },
];

/** The other public sections: the header's "More" menu, then the mobile menu after the five, and the footer. */
export const moreLinks: readonly MainLink[] = [
  { name: 'lyrics', to: paths.lyrics, section: ['lyrics', 'lyricView'] },
  { name: 'music', to: paths.music, section: ['music'] },
  { name: 'photos', to: paths.photos, section: ['photos'] },
  { name: 'bio', to: paths.bio, section: ['bio', 'person'] },
  { name: 'extraIncome', to: paths.extraIncome, section: ['extraIncome'] },
  { name: 'cryptos', to: paths.cryptos, section: ['cryptos'] },
];

/** Every public section, each one click from every public page. */
export const sectionLinks: readonly MainLink[] = [...mainLinks, ...moreLinks];
