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
import type { SectionName } from '../config/main-links';

/**
 * Each public section's icon, for the lists that show them (the mobile menu, /mobileMenu, the header's "More" menu):
 * kept out of config/main-links.ts, which every page loads for the header and the footer (first-route JavaScript).
 */
export const sectionIcons: Record<SectionName, LucideIcon> = {
  blog: Newspaper,
  shop: Store,
  courses: GraduationCap,
  channels: Hash,
  videos: Clapperboard,
  lyrics: MicVocal,
  music: Headphones,
  photos: Camera,
  bio: BookUser,
  extraIncome: HandCoins,
  cryptos: Bitcoin,
};
