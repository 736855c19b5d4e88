import path from 'node:path';
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';
import { DEFAULT_MAX_IMAGE_MB, LIMITS, PROJECT_FETCH_TIMEOUT_MS, RATE_LIMITS, RECYCLE_BIN_RETENTION_DAYS } from '@folio/shared';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: optionalText,
  JWT_SECRET: optionalText.refine(
    (secret) => secret === undefined || secret.length >= 32,
    'JWT_SECRET must be at least 32 characters',
  ),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
  PUBLIC_URL: optionalText,
  AI_BASE_URL: optionalText,
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  RECYCLE_BIN_RETENTION_DAYS: z.coerce.number().positive().default(RECYCLE_BIN_RETENTION_DAYS),
  // Above 190 MB a request with one image would pass the 200 MB body limit of an import.
  MAX_IMAGE_MB: z.coerce.number().positive().max(190, 'MAX_IMAGE_MB must be at most 190').default(DEFAULT_MAX_IMAGE_MB),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((flag) => flag === 'true' || flag === '1'),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).default(1),
  WEB_DIST_DIR: optionalText,
  SERVE_SOURCE_MAPS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((flag) => flag === 'true' || flag === '1'),
  LOG_LEVEL: z.enum(['silent', 'error', 'info']).default('info'),
  IMPORT_ALLOW_PRIVATE_HOSTS: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((flag) => flag === 'true' || flag === '1'),
  SMTP_URL: optionalText,
  MAIL_FROM: optionalText,
  OWNER_EMAIL: optionalText,
  // The pace of new-article mail to subscribers (server/API.md §E23.11).
  SUBSCRIBER_MAILS_PER_MINUTE: z.coerce.number().int().min(1).max(6000).default(60),
  // Unset: the public code host. Set but empty: no fetch at all (server/API.md §E20).
  CODE_HOST_API_URL: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || value.trim() === '' || /^https?:\/\/[^/\s]+/i.test(value.trim()),
      'CODE_HOST_API_URL must be an http:// or https:// URL, or empty to fetch no projects',
    ),
});

/** When a mail that could not be sent is tried again, and when it is given up (server/API.md §E13). */
export interface MailRetrySchedule {
  /** The wait after the first failure, doubled after each one that follows... */
  firstDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
  /** A mail still unsent this long after it was queued is given up, with the last SMTP error. */
  giveUpAfterMs: number;
}

export const DEFAULT_MAIL_RETRY: MailRetrySchedule = Object.freeze({
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
});

/** How much mail the comments may cause (server/API.md §E13.4). */
export interface MailLimits {
  /** Reply notices one address gets in 24 hours; past it, replies are not mailed. */
  replyMailsPerDay: number;
  /** The owner's notices of single comments in an hour; the rest of the hour's go in one digest. */
  ownerMailsPerHour: number;
  /** The outbox holds at most this many mails waiting, and this many bytes of their text; the oldest past it are dropped. */
  outboxMails: number;
  outboxBytes: number;
  /** New-article mails to subscribers sent in a minute at most (server/API.md §E23.11). */
  subscriberMailsPerMinute: number;
}

export const DEFAULT_MAIL_LIMITS: MailLimits = Object.freeze({
  replyMailsPerDay: 10,
  ownerMailsPerHour: 20,
  outboxMails: 10_000,
  outboxBytes: 20 * 1024 * 1024,
  subscriberMailsPerMinute: 60,
});

export interface MailConfig {
  /** `smtp://` or `smtps://`, with `user:pass@` when the server wants a sign-in. */
  smtpUrl: string;
  /** The sender, `address` or `Name <address>`. */
  from: string;
  /** Where the owner's notice of each new comment goes; undefined: only readers' reply mail. */
  ownerEmail: string | undefined;
  retry: MailRetrySchedule;
  limits: MailLimits;
}

const MAIL_ADDRESS = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+$/;
const NAMED_MAIL_ADDRESS = /^([^<>\r\n"]*?)\s*<([^<>]+)>$/;

/** Whether `value` is `address` or `Name <address>` (no line breaks: it goes into a mail header). */
function isMailSender(value: string): boolean {
  const named = NAMED_MAIL_ADDRESS.exec(value);
  return MAIL_ADDRESS.test(named ? (named[2] ?? '') : value);
}

/** What is wrong with the mail variables, one line each; the SMTP URL itself is never echoed (it may hold a password). */
function mailConfigProblems(vars: {
  SMTP_URL?: string;
  MAIL_FROM?: string;
  OWNER_EMAIL?: string;
  PUBLIC_URL?: string;
}): string[] {
  const problems: string[] = [];
  if (vars.SMTP_URL !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(vars.SMTP_URL);
    } catch {
      url = undefined;
    }
    if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
      problems.push('SMTP_URL: must be an smtp:// or smtps:// URL with a host, e.g. smtps://user:pass@smtp.example.com:465');
    }
    if (vars.MAIL_FROM === undefined) problems.push('MAIL_FROM: must be set with SMTP_URL (the sender of comment mail)');
    // Without it a mail's links would name the address the server listens on, which readers cannot reach.
    if (vars.PUBLIC_URL === undefined)
      problems.push('PUBLIC_URL: must be set with SMTP_URL (the links in comment mail point at it)');
  } else if (vars.MAIL_FROM !== undefined || vars.OWNER_EMAIL !== undefined) {
    problems.push('SMTP_URL: must be set when MAIL_FROM or OWNER_EMAIL is (no mail can be sent without it)');
  }
  if (vars.MAIL_FROM !== undefined && !isMailSender(vars.MAIL_FROM)) {
    problems.push('MAIL_FROM: must be an email address or "Name <address>"');
  }
  if (vars.OWNER_EMAIL !== undefined && !MAIL_ADDRESS.test(vars.OWNER_EMAIL)) {
    problems.push('OWNER_EMAIL: must be one email address');
  }
  return problems;
}

/** Where and how often the owner's projects are fetched (server/API.md §E20). */
export interface CodeHostConfig {
  /** The code host's API root, without a trailing slash, e.g. `https://api.github.com`. */
  apiUrl: string;
  /** A fetch still unanswered after this is given up. */
  timeoutMs: number;
  /** A good fetch is reused this long before the next request fetches again. */
  freshMs: number;
  /**
   * The least time between two fetches, whatever asks (刷新 included), so visitors cannot make
   * the server spend the code host's rate limit; a failure is answered from the store meanwhile.
   */
  minIntervalMs: number;
}

export const DEFAULT_CODE_HOST_API_URL = 'https://api.github.com';

export const DEFAULT_CODE_HOST_TIMING: Readonly<Omit<CodeHostConfig, 'apiUrl'>> = Object.freeze({
  timeoutMs: PROJECT_FETCH_TIMEOUT_MS,
  freshMs: 10 * 60_000,
  minIntervalMs: 60_000,
});

export interface AiProviderConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  adminUsername: string;
  /** Plain password from the environment; when absent one is generated and only its hash kept. */
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  corsOrigins: readonly string[];
  /** Absolute origin used in canonical links, sitemaps and feeds; derived from the request when absent. */
  publicUrl: string | undefined;
  ai: AiProviderConfig | undefined;
  recycleBinRetentionMs: number;
  /** The largest avatar, cover or body image an upload may be, in bytes (`MAX_IMAGE_MB`). */
  maxImageBytes: number;
  /** Comment POSTs allowed per client IP (server/API.md §1.6); tests raise them to post many at once. */
  commentRateLimits: { perMinute: number; perHour: number };
  trustProxy: boolean;
  /**
   * How many proxies in front append to `X-Forwarded-For` (with `trustProxy`): the client address
   * is the entry the outermost of them wrote, this many from the end. Entries before it are the
   * client's own words, so a value above the real count would let a client choose its address.
   */
  trustProxyHops: number;
  webDistDir: string;
  /** Serve the web build's `*.map` files (they reveal the source; off unless asked for). */
  serveSourceMaps: boolean;
  logLevel: 'silent' | 'error' | 'info';
  /** Comment mail (server/API.md §E13); undefined when SMTP_URL is not set: no mail at all. */
  mail: MailConfig | undefined;
  /**
   * The code host the owner's projects come from (server/API.md §E20); undefined: none is
   * fetched. Tests leave it undefined unless they bring a loopback code host, so none reaches
   * the internet.
   */
  codeHost: CodeHostConfig | undefined;
  /**
   * A blog import may fetch images from private, loopback and link-local addresses
   * (`IMPORT_ALLOW_PRIVATE_HOSTS`, server/API.md §E21): for tests and blogs on an intranet only,
   * since otherwise a post's image URL could make the server reach the network behind it.
   */
  importAllowPrivateHosts: boolean;
}

const serverRoot = path.resolve(import.meta.dirname, '..');

/**
 * Reads and validates the environment once. A `.env` file in the working directory is
 * honoured; real environment variables win over it. Fails with every problem listed.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: { dotenv?: boolean } = {}): ServerConfig {
  if (options.dotenv !== false) loadDotenv({ quiet: true });
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n  ');
    throw new Error(`Invalid configuration:\n  ${problems}`);
  }
  const vars = parsed.data;
  const aiVars = [vars.AI_BASE_URL, vars.AI_API_KEY, vars.AI_MODEL];
  if (aiVars.some(Boolean) && !aiVars.every(Boolean)) {
    throw new Error('Invalid configuration:\n  AI_BASE_URL, AI_API_KEY and AI_MODEL must be set together');
  }
  const mailProblems = mailConfigProblems(vars);
  if (mailProblems.length > 0) throw new Error(`Invalid configuration:\n  ${mailProblems.join('\n  ')}`);
  return buildConfig({
    port: vars.PORT,
    host: vars.HOST,
    dataDir: path.resolve(vars.DATA_DIR),
    adminUsername: vars.ADMIN_USERNAME,
    adminPassword: vars.ADMIN_PASSWORD,
    jwtSecret: vars.JWT_SECRET,
    corsOrigins: vars.CORS_ORIGINS,
    publicUrl: vars.PUBLIC_URL?.replace(/\/+$/, ''),
    ai:
      vars.AI_BASE_URL && vars.AI_API_KEY && vars.AI_MODEL
        ? { baseUrl: vars.AI_BASE_URL, apiKey: vars.AI_API_KEY, model: vars.AI_MODEL, timeoutMs: vars.AI_TIMEOUT_MS }
        : undefined,
    recycleBinRetentionMs: vars.RECYCLE_BIN_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    maxImageBytes: Math.round(vars.MAX_IMAGE_MB * 1024 * 1024),
    trustProxy: vars.TRUST_PROXY,
    trustProxyHops: vars.TRUST_PROXY_HOPS,
    webDistDir: vars.WEB_DIST_DIR ? path.resolve(vars.WEB_DIST_DIR) : path.resolve(serverRoot, '../web/dist'),
    serveSourceMaps: vars.SERVE_SOURCE_MAPS,
    logLevel: vars.LOG_LEVEL,
    mail: vars.SMTP_URL
      ? {
          smtpUrl: vars.SMTP_URL,
          from: vars.MAIL_FROM ?? '',
          ownerEmail: vars.OWNER_EMAIL,
          retry: DEFAULT_MAIL_RETRY,
          limits: { ...DEFAULT_MAIL_LIMITS, subscriberMailsPerMinute: vars.SUBSCRIBER_MAILS_PER_MINUTE },
        }
      : undefined,
    codeHost: codeHostConfig(vars.CODE_HOST_API_URL),
    importAllowPrivateHosts: vars.IMPORT_ALLOW_PRIVATE_HOSTS,
  });
}

/** The public code host when the variable is unset; none when it is set empty. */
function codeHostConfig(apiUrl: string | undefined): CodeHostConfig | undefined {
  const url = apiUrl === undefined ? DEFAULT_CODE_HOST_API_URL : apiUrl.trim();
  return url ? { apiUrl: url.replace(/\/+$/, ''), ...DEFAULT_CODE_HOST_TIMING } : undefined;
}

/** Builds a frozen config with defaults; tests pass the few fields they care about. */
export function buildConfig(overrides: Partial<ServerConfig> & { dataDir: string }): ServerConfig {
  return Object.freeze({
    port: 0,
    host: '127.0.0.1',
    adminUsername: 'admin',
    adminPassword: undefined,
    jwtSecret: undefined,
    corsOrigins: [],
    publicUrl: undefined,
    ai: undefined,
    recycleBinRetentionMs: RECYCLE_BIN_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    maxImageBytes: LIMITS.imageBytes,
    commentRateLimits: { perMinute: RATE_LIMITS.commentsPerMinute.max, perHour: RATE_LIMITS.commentsPerHour.max },
    trustProxy: false,
    trustProxyHops: 1,
    webDistDir: path.resolve(serverRoot, '../web/dist'),
    serveSourceMaps: false,
    logLevel: 'info' as const,
    mail: undefined,
    codeHost: undefined,
    importAllowPrivateHosts: false,
    ...overrides,
  });
}
