import {
  Bitcoin,
  BookUser,
  Camera,
  Clapperboard,
  GraduationCap,
  HandCoins,
  Hash,
  Headphones,
  MicVocal,
  Newspaper,
  Store,
  type LucideIcon,
} from 'lucide-react';
import { paths } from './paths';

export type SectionName = 'blog' | 'shop' | 'courses' | 'channels' | 'videos' | 'lyrics' | 'extraIncome' | 'photos' | 'bio' | 'music' | 'cryptos';

export interface MainLink {
  name: SectionName;
  to: string;
  icon: LucideIcon;
  /** Route names that belong to this section, so the link stays highlighted on their pages. */
  section: readonly string[];
}

/** The specification's five main sections: first in the header (desktop), the mobile menu and the /mobileMenu page. */
export const mainLinks: readonly MainLink[] = [
  { name: 'blog', to: paths.blog, icon: Newspaper, section: ['blog', 'blogView'] },
  { name: 'shop', to: paths.shop, icon: Store, section: ['shop', 'shopView'] },
  { name: 'courses', to: paths.courses, icon: GraduationCap, section: ['courses', 'courseView'] },
  { name: 'channels', to: paths.channels, icon: Hash, section: ['channels'] },
  { name: 'videos', to: paths.videos, icon: Clapperboard, section: ['videos', 'videoView'] },
];

/** The other public sections: the header's "More" menu, then the mobile menu after the five, and the footer. */
export const moreLinks: readonly MainLink[] = [
  { name: 'lyrics', to: paths.lyrics, icon: MicVocal, section: ['lyrics', 'lyricView'] },
  { name: 'music', to: paths.music, icon: Headphones, section: ['music'] },
  { name: 'photos', to: paths.photos, icon: Camera, section: ['photos'] },
  { name: 'bio', to: paths.bio, icon: BookUser, section: ['bio', 'person'] },
  { name: 'extraIncome', to: paths.extraIncome, icon: HandCoins, section: ['extraIncome'] },
  { name: 'cryptos', to: paths.cryptos, icon: Bitcoin, section: ['cryptos'] },
];

/** Every public section, each one click from every public page (issue 33). */
export const sectionLinks: readonly MainLink[] = [...mainLinks, ...moreLinks];
