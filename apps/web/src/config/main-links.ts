import { Clapperboard, GraduationCap, Hash, Newspaper, Store, type LucideIcon } from 'lucide-react';
import { paths } from './paths';

export interface MainLink {
  name: 'blog' | 'shop' | 'courses' | 'channels' | 'videos';
  to: string;
  icon: LucideIcon;
  /** Route names that belong to this section, so the link stays highlighted on their pages. */
  section: readonly string[];
}

/** The site's main sections, shown in the header (desktop), the mobile menu and the /mobileMenu page. */
export const mainLinks: readonly MainLink[] = [
  { name: 'blog', to: paths.blog, icon: Newspaper, section: ['blog', 'blogView'] },
  { name: 'shop', to: paths.shop, icon: Store, section: ['shop', 'shopView'] },
  { name: 'courses', to: paths.courses, icon: GraduationCap, section: ['courses', 'courseView'] },
  { name: 'channels', to: paths.channels, icon: Hash, section: ['channels'] },
  { name: 'videos', to: paths.videos, icon: Clapperboard, section: ['videos', 'videoView'] },
];
