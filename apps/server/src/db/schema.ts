import type { ColumnType, Generated } from 'kysely';

/**
 * The typed shape of every table (DESIGN §2, decision 002): booleans are integers 0/1 and
 * timestamps ISO-8601 UTC text on both dialects, so repositories map them the same way everywhere.
 */

/** Set by a column default on insert, never updated afterwards. */
type CreatedAt = ColumnType<string, string | undefined, never>;
/** A column the database fills with its default when an insert leaves it out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;
/** 0 or 1; see `toFlag`/`fromFlag` in ./values.ts. */
type Flag = WithDefault<number>;

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  slogan: WithDefault<string>;
  description: WithDefault<string>;
  email: WithDefault<string>;
  url: WithDefault<string>;
  created_at: CreatedAt;
}

export interface UsersTable {
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
}

export interface ChannelsTable {
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

export interface Database {
  company: CompanyTable;
  users: UsersTable;
  channels: ChannelsTable;
}
