import type { BioLayout } from '@papo/contract/bio';
import type { Gender } from '@papo/contract/profile';
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

/**
 * The typed shape of every table (decision 002): booleans are integers 0/1 and
 * timestamps ISO-8601 UTC text on both dialects, so repositories map them the same way everywhere.
 */

/** Set by a column default on insert, never updated afterwards. */
type CreatedAt = ColumnType<string, string | undefined, never>;
/** A column the database fills with its default when an insert leaves it out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;
/** 0 or 1; see `toFlag`/`fromFlag` in ./values.ts. */
type Flag = WithDefault<number>;

interface CompanyTable {
  id: Generated<number>;
  name: string;
  slogan: WithDefault<string>;
  description: WithDefault<string>;
  email: WithDefault<string>;
  url: WithDefault<string>;
  created_at: CreatedAt;
}

interface UsersTable {
  id: Generated<number>;
  name: string;
  username: string;
  /** Lower-cased username; unique, so 'Ana' and 'ana' cannot both exist. */
  username_lower: string;
  email: string;
  email_lower: string;
  /** Null for accounts that only sign in with Google. */
  password_hash: string | null;
  /** JSON list of role names, e.g. '["ROLE_USER"]'. */
  roles: WithDefault<string>;
  verified: Flag;
  language: WithDefault<string>;
  created_at: CreatedAt;
  /** Profile fields. `birthday` is 'YYYY-MM-DD'; `profile_image` is a path under DATA_DIR/uploads. */
  /** Written only from the contract's `genders` (and the seeds'). */
  gender: Gender | null;
  birthday: string | null;
  instagram: string | null;
  youtube: string | null;
  welcome_message: WithDefault<string>;
  profile_image: string | null;
  coin_balance: WithDefault<number>;
  /** Set when the member deleted the account: the row only keeps the username reserved (decision 041). */
  deleted_at: WithDefault<string | null>;
}

interface ChannelsTable {
  id: Generated<number>;
  name: string;
  category: string | null;
  topic: string | null;
  /** Nickname shown as the topic's author. */
  topic_by: string | null;
  topic_at: string | null;
  founder_id: number | null;
  created_at: CreatedAt;
}

interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  subject: string | null;
  message: string;
  source: 'contact' | 'home_chat';
  /** sha256 of the sender's IP, never the address itself. */
  ip_hash: string;
  created_at: CreatedAt;
  replied_at: string | null;
  replied_by: number | null;
  reply_subject: string | null;
  reply_body: string | null;
}

/** One live code per account; `attempts` counts tries against it. */
interface VerificationCodesTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 hex of the code; the code itself only travels in the mail. */
  code_hash: string;
  attempts: WithDefault<number>;
  expires_at: string;
  created_at: CreatedAt;
}

/** A login session: every refresh token rotated from one sign-in shares the family and its absolute expiry. */
interface RefreshTokenFamiliesTable {
  id: string;
  user_id: number;
  expires_at: string;
  revoked_at: string | null;
  created_at: CreatedAt;
  /** `web` (a browser's sign-in) or `irc` (an IRC link); decision 037. */
  kind: ColumnType<string, string | undefined, string>;
  /** The browser's User-Agent at sign-in; null for IRC links and older sign-ins. */
  user_agent: string | null;
  /** When the sign-in last renewed its token; null until it first does. */
  last_seen_at: string | null;
}

interface RefreshTokensTable {
  id: Generated<number>;
  family_id: string;
  token_hash: string;
  used_at: string | null;
  created_at: CreatedAt;
}

interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: CreatedAt;
}

interface LoginFailuresTable {
  id: Generated<number>;
  user_id: number;
  failed_at: string;
}

interface AccountLockoutsTable {
  user_id: number;
  locked_until: string;
}

/** NickServ-style nicknames; `nickname_lower` is unique across everyone, and every username is one. */
interface NicknamesTable {
  id: Generated<number>;
  user_id: number;
  nickname: string;
  nickname_lower: string;
  is_selected: Flag;
  created_at: CreatedAt;
}

interface FavoriteChannelsTable {
  user_id: number;
  channel_id: number;
  created_at: CreatedAt;
}

/** A private conversation between two members; the pair is stored with `user_a < user_b`. */
interface ConversationsTable {
  id: Generated<number>;
  user_a: number;
  user_b: number;
  created_at: CreatedAt;
  /** When the newest message was written; null while the conversation is empty. */
  last_message_at: string | null;
}

interface ConversationMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  content: string;
  created_at: CreatedAt;
}

/** The newest message a member has seen in a conversation; later ones from the other member are unread. */
interface ConversationReadsTable {
  conversation_id: number;
  user_id: number;
  last_read_message_id: number;
}

interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: CreatedAt;
}

/** `type` is a translation key on the client; `message` the name it inserts. */
export interface NotificationsTable {
  id: Generated<number>;
  user_to: number;
  type: string;
  message: string;
  /** The nickname of the member who caused it, when the message does not name them (a mention's author). */
  actor: string | null;
  is_read: Flag;
  created_at: CreatedAt;
}

/** A device a member receives web push on; `kinds` is comma-separated. */
interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  kinds: string;
  language: string;
  created_at: CreatedAt;
  /** The sign-in (refresh-token family) the device subscribed from; ending it ends this device's pushes. */
  session_id: string | null;
}

/** Access tokens of the member issued before `revoked_before` are refused (logout, password reset). */
interface TokenRevocationsTable {
  user_id: number;
  revoked_before: string;
}

/** One verification or reset mail sent to an account, counted by the per-account limit. */
interface AccountMailSendsTable {
  user_id: number;
  kind: string;
  sent_at: CreatedAt;
}

/** A channel level above 0; 0 is the absence of a row. */
interface ChannelLevelsTable {
  channel_id: number;
  user_id: number;
  level: number;
}

/** One ban per user per channel; `expires_at` null lasts until lifted. */
interface ChannelBansTable {
  channel_id: number;
  user_id: number;
  by_user_id: number | null;
  /** The rank the ban was set with (staff 1000): only a higher rank, the setter or staff lift it. */
  by_level: number;
  reason: string | null;
  expires_at: string | null;
  created_at: CreatedAt;
}

/** Article categories: reference rows written by the migration. */
interface ArticleCategoriesTable {
  id: Generated<number>;
  key: string;
  name: string;
  position: number;
}

/** Blog articles and lyrics (`is_lyrics`); `content` is sanitised HTML, `images` a JSON list of upload keys. */
interface ArticlesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  content: WithDefault<string>;
  description: WithDefault<string>;
  /** The start of the plain text, written with the content. */
  excerpt: WithDefault<string>;
  cover: string | null;
  images: WithDefault<string>;
  youtube: string | null;
  category_id: number | null;
  author_id: number | null;
  is_published: Flag;
  is_lyrics: Flag;
  /** A lyric's composer; null when unknown (shown as "Domínio público"). */
  composer: WithDefault<string | null>;
  published_at: string | null;
  /** A scheduled publication: the article stays unpublished until this time (decision 015). */
  publish_at: WithDefault<string | null>;
  created_at: CreatedAt;
  updated_at: WithDefault<string>;
}

/** Every save of an article's text (decision 024). */
export interface ArticleRevisionsTable {
  id: Generated<number>;
  article_id: number;
  author_id: number | null;
  created_at: string;
  title: string;
  slug: string;
  content: string;
  description: string;
  cover: string | null;
  images: string;
  youtube: string | null;
  published_at: string | null;
  restored_from: number | null;
}

/** Per article: the newest revision (the editor's, its ETag) and the one the public reads (decision 024). */
interface ArticleHeadsTable {
  article_id: number;
  head_revision_id: number;
  live_revision_id: number;
}

/** Links that show an article's newest text to someone not signed in, until they expire or are revoked (decision 024). */
interface ArticlePreviewLinksTable {
  id: Generated<number>;
  article_id: number;
  /** SHA-256 of the token, hex: the token itself is only in the link. */
  token_hash: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** A save of a store's or bio entry's fields (decision 028); the newest of a record is its version, its ETag. */
interface RecordRevisionsTable {
  id: Generated<number>;
  kind: 'store' | 'bio';
  ref_id: number;
  author_id: number | null;
  created_at: string;
  /** The record's fields as this save left them, JSON. */
  fields: string;
}

/** An address an article or store had: its old slug names the row, which answers at its slug of today (decision 024). */
interface SlugRedirectsTable {
  kind: 'article' | 'store';
  old_slug: string;
  target_id: number;
  created_at: string;
}

/** The image library: every staff image upload, newest first. */
interface UploadsTable {
  id: Generated<number>;
  key: string;
  thumbnail: string;
  width: number;
  height: number;
  uploaded_by: number | null;
  created_at: string;
}

/** One searchable thing of any kind (decision 010); the full-text index itself is per dialect. */
interface SearchDocumentsTable {
  id: Generated<number>;
  kind: string;
  ref_id: number;
  slug: string;
  title: string;
  cover: string | null;
  /** Plain text the snippets are cut from. */
  body: string;
}

/** One row (id 1): grows with every change to `search_documents` (triggers; migration 2026_11_25_500). */
interface SearchVersionTable {
  id: number;
  version: number;
}

/** The did-you-mean vocabulary: how many documents of a kind hold each folded word. */
interface SearchTermsTable {
  kind: string;
  term: string;
  /** The spelling a suggestion shows ('coração' for 'coracao'). */
  display: string;
  length: number;
  docs: number;
}

/** Album categories: reference rows written by the migration. */
interface AlbumCategoriesTable {
  id: Generated<number>;
  key: string;
  name: string;
  position: number;
}

/** Shops and course stores. */
interface StoresTable {
  id: Generated<number>;
  kind: 'shop' | 'course';
  name: string;
  slug: string;
  country: string;
  category_id: number | null;
  owner_id: number | null;
  is_published: Flag;
  cover: string | null;
  description: WithDefault<string>;
  /** The article the generated description lives in (editable in the article editor). */
  article_id: number | null;
  created_at: CreatedAt;
  /** The page's last change (a trigger sets it: the row's columns or its slots), null until the first. */
  updated_at: string | null;
}

/** The filled slots of a store: positions 0–11, one row each. */
interface StoreItemsTable {
  store_id: number;
  position: number;
  image: string;
  thumbnail: string;
  action_url: string | null;
  description: WithDefault<string>;
}

/** The draft of a published store (decision 028): what staff edited, live once published. */
interface StoreDraftsTable {
  store_id: number;
  name: string;
  slug: string;
  country: string;
  category_id: number | null;
  cover: string | null;
  description: WithDefault<string>;
  created_at: string;
}

/** Every slot of a store's draft: the columns of `store_items`. */
type StoreItemDraftsTable = StoreItemsTable;

/** Last good answer of an outside service per key (providers/cache.ts). */
interface ProviderCacheTable {
  key: string;
  /** JSON text. */
  value: string;
  /** Epoch milliseconds. */
  fetched_at: number;
}

/** A biography entry: a year (1974–2025) or an event/person. */
export interface BioEntriesTable {
  id: Generated<number>;
  kind: 'year' | 'event';
  tag: string;
  tag_key: string;
  /** JSON array of tag names. */
  tags: WithDefault<string>;
  /** JSON array of plain-text paragraphs. */
  paragraphs: WithDefault<string>;
  /** Written only from the contract's `bioLayouts` (the default is 'layout-1'). */
  layout: WithDefault<BioLayout>;
  /** Upload key of the photo (`bio/<name>.webp`). */
  photo_path: string | null;
  description: WithDefault<string>;
  year: number | null;
  created_at: CreatedAt;
  /** The page's last change (a trigger sets it), null until the first. */
  updated_at: string | null;
}

interface SurveysTable {
  id: number;
  question: string;
  /** JSON array of option keys. */
  options: string;
}

interface SurveyVotesTable {
  id: Generated<number>;
  survey_id: number;
  option_index: number;
  user_id: number | null;
  visitor_id: string | null;
  ip_hash: string;
  created_at: CreatedAt;
}

/** The home page's quick news, chosen by staff in the news picker, per language. */
interface HomeNewsTable {
  id: Generated<number>;
  lang: string;
  position: number;
  title: string;
  link: string;
  snippet: WithDefault<string>;
  image: string | null;
  created_at: CreatedAt;
}

/** A channel a member keeps open (a chat tab), restored on every device; `position` orders the tabs. */
/** A member's data export: `pending` while a node makes it, `ready` with the JSON (decision 041). */
interface AccountExportsTable {
  user_id: number;
  state: 'pending' | 'ready';
  content: string | null;
  requested_at: string;
  ready_at: string | null;
}

interface OpenChannelsTable {
  user_id: number;
  name: string;
  position: number;
}

export interface Database {
  open_channels: OpenChannelsTable;
  account_exports: AccountExportsTable;
  company: CompanyTable;
  users: UsersTable;
  channels: ChannelsTable;
  channel_levels: ChannelLevelsTable;
  channel_bans: ChannelBansTable;
  nicknames: NicknamesTable;
  favorite_channels: FavoriteChannelsTable;
  contact_messages: ContactMessagesTable;
  verification_codes: VerificationCodesTable;
  refresh_token_families: RefreshTokenFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_failures: LoginFailuresTable;
  account_lockouts: AccountLockoutsTable;
  conversations: ConversationsTable;
  conversation_messages: ConversationMessagesTable;
  conversation_reads: ConversationReadsTable;
  blocks: BlocksTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  article_categories: ArticleCategoriesTable;
  articles: ArticlesTable;
  article_revisions: ArticleRevisionsTable;
  article_heads: ArticleHeadsTable;
  article_preview_links: ArticlePreviewLinksTable;
  slug_redirects: SlugRedirectsTable;
  record_revisions: RecordRevisionsTable;
  uploads: UploadsTable;
  album_categories: AlbumCategoriesTable;
  stores: StoresTable;
  store_items: StoreItemsTable;
  store_drafts: StoreDraftsTable;
  store_item_drafts: StoreItemDraftsTable;
  search_documents: SearchDocumentsTable;
  search_terms: SearchTermsTable;
  search_version: SearchVersionTable;
  provider_cache: ProviderCacheTable;
  bio_entries: BioEntriesTable;
  surveys: SurveysTable;
  survey_votes: SurveyVotesTable;
  home_news: HomeNewsTable;
  token_revocations: TokenRevocationsTable;
  account_mail_sends: AccountMailSendsTable;
}

/** The database, or a transaction of it: what a repository function reads and writes through. */
export type Db = Kysely<Database> | Transaction<Database>;
