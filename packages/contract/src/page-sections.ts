/**
 * The first segment of every page address of the web's route table (`/blog` and `/blog/:slug` are `blog`), each in
 * its one spelling. The server sends other spellings there (`/BLOG` → `/blog`, `/extraincome` → `/extraIncome`), and
 * a web test holds the route table to exactly these; every other top-level name is a channel's page.
 */
export const pageSections = [
  'blog',
  'lyrics',
  'autor',
  'photos',
  'shop',
  'courses',
  'extraIncome',
  'music',
  'videos',
  'video',
  'cryptos',
  'channels',
  'irc',
  'mobileMenu',
  'bio',
  'person',
  'termos-de-uso',
  'politica-de-privacidade',
  'sobre-nos',
  'contato',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'curso',
  'profile',
  'mail',
  'operations',
  'pvt',
  'editor',
  'preview',
  'editor_image',
  'editor_image_bio',
  'editor_step2',
  'editor_ls',
  'editor_articles',
  'albums',
  'bioEdit',
  'courseAdd',
  'shopEdit',
  'newsPicker',
  'upload',
  'albumAdd',
  'albumEdit',
  'albumCover',
] as const;

export type PageSection = (typeof pageSections)[number];

/**
 * The sections' names as the server writes them where no language is chosen (the share cards, the feeds' titles,
 * the previews' labels): Portuguese, the site's language.
 */
export const sectionLabels = {
  blog: 'Blog',
  lyrics: 'Letras',
  shop: 'Lojas',
  courses: 'Cursos',
  videos: 'Vídeos',
  channels: 'Canais',
  music: 'Música',
  photos: 'Fotos',
  bio: 'Bio',
  cryptos: 'Cryptos',
  extraIncome: 'Renda extra',
} as const satisfies Partial<Record<PageSection, string>>;
