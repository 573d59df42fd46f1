import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseS3Url } from './features/uploads/storage/location.js';
import { defaultReconnectGraceMs } from './realtime/reconnect-grace.js';
import { defaultRenderBudget } from './ssr/render-budget.js';

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

/** One of `values`; refused with the allowed values listed, as an operator would write them. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `must be one of ${values.join(', ')}` });

const flag = z.enum(['0', '1', 'true', 'false', 'on', 'off']).transform((v) => v === '1' || v === 'true' || v === 'on');

/**
 * `TRUST_PROXY`: a hop count (`1`) or a comma-separated list of proxy addresses/CIDRs (`127.0.0.1,10.0.0.0/8`,
 * or the names `loopback`, `linklocal`, `uniquelocal`); the client's address is then read from X-Forwarded-For.
 */
const trustProxy = z
  .string()
  .refine(
    (value) => /^\d{1,2}$/.test(value) || value.split(',').every((part) => isProxyEntry(part.trim())),
    'must be a hop count or a comma-separated list of proxy addresses, networks (10.0.0.0/8) or loopback, linklocal, uniquelocal',
  )
  .transform((value) => (/^\d+$/.test(value) ? Number(value) : value.split(',').map((part) => part.trim())));

/**
 * What Fastify's proxy-addr accepts in a list; checked here because proxy-addr throws its own message, without the
 * variable's name, only once the app is built.
 */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}

const origins = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(url(['http:', 'https:']).transform((origin) => new URL(origin).origin)));

/**
 * `UPLOADS_URL`: an absolute path or a `file://` URL (a folder, e.g. a volume several nodes share) or
 * `s3://bucket/prefix` (an S3-compatible bucket); unset, DATA_DIR/uploads.
 */
const uploadsLocation = z.string().transform((value, context) => {
  if (value.startsWith('s3:')) {
    const bucket = parseS3Url(value);
    if (bucket) return { kind: 's3' as const, url: value, ...bucket };
  } else if (value.startsWith('file:')) {
    try {
      return { kind: 'folder' as const, url: value, root: path.resolve(fileURLToPath(value)) };
    } catch {
      // refused below
    }
  } else if (path.isAbsolute(value)) return { kind: 'folder' as const, url: value, root: path.resolve(value) };
  context.addIssue({ code: 'custom', message: 'must be an absolute path, a file:// URL or s3://bucket/prefix' });
  return z.NEVER;
});

const milliseconds = (min: number) =>
  z.coerce.number({ message: 'must be a number of milliseconds' }).int().min(min).max(600_000);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535),
  HOST: z.string().min(1),
  // resolved once here, so every file path built from it is absolute whatever the working directory.
  DATA_DIR: z
    .string()
    .min(1)
    .transform((dir) => path.resolve(dir)),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  // deployments (or test runs and benchmarks) sharing one Redis each use a prefix of their own.
  REDIS_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be 1–40 lowercase letters, digits or dashes')
    .default('papo'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Papo <no-reply@papo.local>'),
  PUBLIC_URL: url(['http:', 'https:']),
  DEMO_CONTENT: flag.optional(),
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  WEB_DIST: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CERTS_URL: url(['http:', 'https:']).optional(),
  YOUTUBE_API_KEY: z.string().min(1).optional(),
  YOUTUBE_CHANNEL_ID: z.string().min(1).optional(),
  YOUTUBE_BASE_URL: url(['http:', 'https:']).optional(),
  NEWS_API_KEY: z.string().min(1).optional(),
  NEWS_CX: z.string().min(1).optional(),
  NEWS_BASE_URL: url(['http:', 'https:']).optional(),
  COINGECKO_BASE_URL: url(['http:', 'https:']).optional(),
  COINGECKO_API_KEY: z.string().min(1).optional(),
  COURSE_CHECKOUT_URL: url(['http:', 'https:']).optional(),
  LLM_URL: url(['http:', 'https:']).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  TRUST_PROXY: trustProxy.optional(),
  /** Origins besides PUBLIC_URL's whose pages may open the WebSocket. */
  ALLOWED_ORIGINS: origins.optional(),
  /** Bearer token for GET /metrics; without it /metrics answers loopback callers only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Web push (decision 026): the VAPID key pair, base64url (`npx web-push generate-vapid-keys`); both or neither. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services may contact about this sender: `mailto:` an address or an `https:` URL. */
  VAPID_SUBJECT: z
    .string()
    .refine(
      (value) => /^mailto:[^\s@]+@[^\s@]+$/.test(value) || value.startsWith('https://'),
      'must be mailto:<address> or an https: URL',
    )
    .optional(),
  /** The longest a request may take to arrive in full (headers and body); a slower client gets 408. */
  REQUEST_TIMEOUT_MS: milliseconds(100).default(30_000),
  UPLOADS_URL: uploadsLocation.optional(),
  /** A public base (CDN or public bucket) pages link uploads to instead of this node's /uploads/. */
  UPLOADS_PUBLIC_URL: url(['http:', 'https:'])
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  S3_ENDPOINT: url(['http:', 'https:']).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  /** How long the uploads storage may take to answer before a request is answered 503. */
  UPLOADS_TIMEOUT_MS: milliseconds(100).default(10_000),
  /** Upload calls (any route taking an image) one member may make per UPLOAD_RATE_WINDOW_MS; then 429 with Retry-After. */
  UPLOAD_RATE_MEMBER: z.coerce.number({ message: 'must be a number' }).int().min(1).default(100),
  /** Upload calls one client address may make per UPLOAD_RATE_WINDOW_MS, whichever members make them. */
  UPLOAD_RATE_ADDRESS: z.coerce.number({ message: 'must be a number' }).int().min(1).default(300),
  UPLOAD_RATE_WINDOW_MS: milliseconds(1000).default(600_000),
  /** The IRC gateway's port; unset, Papo does not speak IRC. */
  IRC_PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).optional(),
  /** Where the IRC gateway listens; HOST's loopback default unless told. */
  IRC_HOST: z.string().min(1).default('127.0.0.1'),
  /** PEM files of the IRC gateway's certificate and key: set both and IRC_PORT speaks TLS only. */
  IRC_TLS_CERT: z.string().min(1).optional(),
  IRC_TLS_KEY: z.string().min(1).optional(),
  /** IRC connections one address may hold on a node: raise it for a bouncer (a shared The Lounge) signing many members in. */
  IRC_CONNECTIONS_PER_ADDRESS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(100_000).default(10),
  /** How long a socket may stay open without completing the Socket.IO handshake. */
  SOCKET_CONNECT_TIMEOUT_MS: milliseconds(100).default(10_000),
  /** How long a stopping node lets requests, uploads and socket answers under way finish before it exits anyway. */
  SHUTDOWN_TIMEOUT_MS: milliseconds(100).default(30_000),
  /** How long a socket whose access token expired has to send a fresh one (`reauth`) before it is closed. */
  SOCKET_REAUTH_GRACE_MS: milliseconds(100).default(30_000),
  /**
   * How long a member whose tab dropped without leaving (a reload, a short network drop) keeps their rooms before the
   * others hear the part; 0 tells it at once.
   */
  SOCKET_RECONNECT_GRACE_MS: milliseconds(0).default(defaultReconnectGraceMs),
  /**
   * New server renders per second the public pages' declared query parameters (`?q=`, `?page=`, `?tag=`…) may cause
   * for one client address, and on the whole node; past them the browser renders the page (ssr/render-budget.ts).
   */
  RENDERS_PER_ADDRESS: z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(10_000)
    .default(defaultRenderBudget.perAddress),
  RENDERS_PER_NODE: z.coerce
    .number({ message: 'must be a number' })
    .positive()
    .max(100_000)
    .default(defaultRenderBudget.overall),
});

type Env = z.infer<typeof schema>;

/** Typed configuration; `demoContent` and `LOG_FORMAT` are resolved when unset. */
export interface Config extends Omit<Env, 'DEMO_CONTENT' | 'LOG_FORMAT'> {
  demoContent: boolean;
  LOG_FORMAT: 'json' | 'pretty';
}

export class ConfigError extends Error {}

/** Variables whose value is a secret: an error names them and the rule, never what was given. */
const secretVariables = new Set([
  'JWT_SECRET',
  'VAPID_PRIVATE_KEY',
  'METRICS_TOKEN',
  'YOUTUBE_API_KEY',
  'NEWS_API_KEY',
  'COINGECKO_API_KEY',
  'LLM_API_KEY',
]);

/**
 * How a refused value appears in the error line: as given (quoted) so the operator sees the typo, a secret as
 * `(hidden)`, and a URL's user and password (`postgres://user:secret@host`) masked.
 */
function shownValue(name: string, value: string): string {
  if (secretVariables.has(name)) return '(hidden)';
  return JSON.stringify(value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1***@'));
}

const defaults: Record<string, string> = {
  PORT: '3000',
  HOST: '127.0.0.1',
  DATA_DIR: './data',
  PUBLIC_URL: 'http://localhost:3000',
};

/**
 * Parses the environment; throws a ConfigError whose message is one line naming
 * the first bad variable, so start-up can print it and exit without a stack trace.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input: Record<string, string> = { ...defaults };
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') input[key] = value;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    // a failed parse has at least one issue; the first names the setting.
    const [issue] = parsed.error.issues;
    const name = String(issue?.path[0]);
    throw new ConfigError(
      `Invalid configuration: ${name}=${shownValue(name, input[name] ?? '')} ${issue?.message ?? parsed.error.message}`,
    );
  }
  const { DEMO_CONTENT, LOG_FORMAT, ...rest } = parsed.data;
  if (rest.NODE_ENV === 'production' && !rest.JWT_SECRET) {
    throw new ConfigError('Invalid configuration: JWT_SECRET is required when NODE_ENV=production');
  }
  if (Boolean(rest.IRC_TLS_CERT) !== Boolean(rest.IRC_TLS_KEY)) {
    throw new ConfigError('Invalid configuration: IRC_TLS_CERT and IRC_TLS_KEY are set together or not at all');
  }
  for (const name of ['IRC_TLS_CERT', 'IRC_TLS_KEY'] as const) {
    const file = rest[name];
    if (file && !existsSync(file))
      throw new ConfigError(`Invalid configuration: ${name}=${shownValue(name, file)} is not a readable file`);
  }
  if (Boolean(rest.VAPID_PUBLIC_KEY) !== Boolean(rest.VAPID_PRIVATE_KEY)) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
    );
  }
  // a node makes its own pair when none is given, and a device subscribed through one node's key cannot be pushed
  // to with another's: several nodes must share one pair (decision 057).
  if (rest.NODE_ENV === 'production' && rest.REDIS_URL && !rest.VAPID_PUBLIC_KEY) {
    throw new ConfigError(
      'Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are required when NODE_ENV=production and REDIS_URL is set (every node pushes with the same pair): `npm run admin -- vapid-keys` prints one',
    );
  }
  return {
    ...rest,
    demoContent: DEMO_CONTENT ?? rest.NODE_ENV !== 'production',
    // a person reading a terminal in development gets one readable line per event; anything piped
    // (a collector, a test reading stdout) gets JSON.
    LOG_FORMAT: LOG_FORMAT ?? (rest.NODE_ENV === 'development' && process.stdout.isTTY ? 'pretty' : 'json'),
  };
}
