import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FORUM_POST_INTERVAL_SECONDS } from '@xr/contract/forum';
import { RENEWAL_REMINDER_DAYS_DEFAULT } from '@xr/contract/plans';
import { type IceServer, iceServer } from '@xr/contract/world';
import { z } from 'zod';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['1', 'true', 'yes'].includes(v)));

/** Secrets this repository once shipped as defaults: published, so refused in any run but the tests'. */
const PUBLISHED_SECRETS: readonly string[] = ['xr-studio-sandbox-dev-secret', 'xr-studio-dev-file-url-secret'];
/** The secrets the server needs; each comes from its variable, else from DATA_DIR/secrets.json (generated once). */
const SECRET_NAMES = ['FILE_URL_SECRET', 'SANDBOX_PAYMENT_SECRET'] as const;
type SecretName = (typeof SECRET_NAMES)[number];

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Empty counts as unset (bench/lib.mjs starts the embedded database with DATABASE_URL=''). */
  DATABASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional()),
  /**
   * PostgreSQL's shared buffers of the embedded database (PGlite). Its default of 128 MB sits in the server's own
   * memory (WebAssembly) on top of the OS file cache (PGlite reads its files through Node, so pages it evicts stay
   * cached by the OS); 16 MB keeps the idle server under its budget (docs/perf.md). `auto` (the
   * default) keeps 16 MB for a demo-sized database and grows the pool with the data beyond 64 MB of files, up to
   * 128 MB (`autoSharedBuffers` in db/client.ts: a 100k-project market re-read its pages through Node with 16 MB).
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^(\d+(kB|MB|GB)|auto)$/)
    .default('auto'),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('XR Studio <no-reply@xr-studio.local>'),
  /** Base URL people reach the app at; used for links in mails and the OIDC redirect. */
  PUBLIC_URL: z.string().url().optional(),
  /** More host names (or host:port) links and payment returns may use besides PUBLIC_URL and our own addresses. */
  ALLOWED_HOSTS: z.string().optional(),
  /**
   * Sites that may show the full-screen viewer of a public project in a frame (comma-separated origins such as
   * `https://blog.example.com`); unset, empty or `*` lets any site embed it. Every other page denies frames.
   */
  EMBED_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const entries = (v ?? '')
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      if (entries.length === 0 || entries.includes('*')) return [];
      const origins: string[] = [];
      for (const entry of entries) {
        const url = URL.canParse(entry) ? new URL(entry) : null;
        if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== entry.replace(/\/$/, '')) {
          ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${entry}` });
          return z.NEVER;
        }
        origins.push(url.origin);
      }
      return origins;
    }),
  SEED_DEMO: bool,
  /**
   * Width of the demo catalogue's generated panoramas (2:1, rendered in the background after the first start);
   * 0 generates no media (the demo projects keep their SVG covers and have no content).
   */
  SEED_MEDIA_WIDTH: z.coerce.number().int().min(0).max(8192).default(4096),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 24 * 3),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(30),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** Days before a membership ends when the renewal reminder starts (it also shows after the end). */
  RENEWAL_REMINDER_DAYS: z.coerce.number().int().min(0).max(365).default(RENEWAL_REMINDER_DAYS_DEFAULT),
  /** Audit log entries older than this many days are removed by a daily background job (itself audited). */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  /** Rate limit of the sensitive calls (login, registration, email codes, contact) per IP and per account, per window. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  /** Failed sign-ins into one account from all addresses (but those it signed in from before) per window. */
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().positive().default(50),
  LOGIN_ACCOUNT_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(24 * 60)
    .default(15),
  /** General per-IP limit of all API calls. */
  API_RATE_LIMIT: z.coerce.number().int().positive().default(600),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().default('OpenID Connect'),
  /** Show the dev mail outbox page (/api/dev/outbox). Defaults to on when no SMTP_URL is set. */
  DEV_OUTBOX: bool,
  /** Folder of the built web app served at `/`; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: bool,
  /** An unpaid order expires after this many minutes. */
  ORDER_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .max(60 * 24 * 7)
    .default(30),
  /** The platform's share of each sale, in percent; the seller's ledger gets the rest. */
  PLATFORM_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** Days a sale earning stays pending before it can be cashed out (0: at once, for tests and e2e). */
  WALLET_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Smallest cash-out, in HKD. */
  CASH_OUT_MIN_HKD: z.coerce.number().min(0).max(1_000_000).default(100),
  /** Coins one HKD of cash earnings buys (cash -> coins; never the other way). */
  COINS_PER_HKD: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Coins one membership day costs (coins -> membership days or a membership coupon). */
  COINS_PER_MEMBERSHIP_DAY: z.coerce.number().int().min(1).max(1_000_000).default(100),
  /** Coin exchanges one account may make per Hong Kong day. */
  COIN_EXCHANGE_DAILY_LIMIT: z.coerce.number().int().min(1).max(1000).default(5),
  /** Payment provider behind lib/payments.ts; only the built-in sandbox gateway ships. */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** HMAC secret of the sandbox gateway's notifications; generated into DATA_DIR/secrets.json when unset. */
  SANDBOX_PAYMENT_SECRET: z.string().min(16).optional(),
  /** A deployment (production with PUBLIC_URL) must say so explicitly to run the sandbox gateway, where anyone can "pay". */
  PAYMENT_SANDBOX_ALLOWED: bool,
  /** Seconds the public reads of the market (list pages, totals, product details, tags) and the forum (boards, thread lists) are reused; 0 turns it off. */
  MARKET_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(2),
  /**
   * Seconds a market list's total (the capped count of a filter) is reused; this process's writes to projects
   * renew it at once, another process's within this time. 0 counts on every list call. Counted totals are kept
   * at least as long as MARKET_CACHE_SECONDS.
   */
  MARKET_COUNT_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Forum flood control: seconds between one account's new threads or replies (0 switches it off, e.g. for tests). */
  FORUM_POST_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(FORUM_POST_INTERVAL_SECONDS),
  /**
   * Meta world: this server process's name among the processes sharing the database (default: host name and PORT).
   * On start a process closes the room visits it held before (a restart); visits of a process silent for
   * WORLD_NODE_STALE_SECONDS are closed by the others (a crash).
   */
  WORLD_NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/)
    .optional(),
  WORLD_NODE_STALE_SECONDS: z.coerce.number().int().min(5).max(3600).default(45),
  /**
   * STUN / TURN servers the room's voice mesh uses, as JSON: an array of `{ "urls": "turn:host:3478", "username",
   * "credential" }` (the browser's RTCIceServer). Unset: none (voice between browsers that reach each other).
   */
  WEBRTC_ICE_SERVERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v?.trim()) return [];
      try {
        const parsed = z.array(iceServer).parse(JSON.parse(v));
        const urls = parsed.flatMap((s) => (Array.isArray(s.urls) ? s.urls : [s.urls]));
        const bad = urls.find((u) => !/^(stun|stuns|turn|turns):[^\s]+$/.test(u));
        if (bad) throw new Error(`not a stun:/turn: URL: ${bad}`);
        return parsed;
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `WEBRTC_ICE_SERVERS: ${err instanceof Error ? err.message : String(err)}` });
        return z.NEVER;
      }
    }),
  /** S3-compatible storage for project files; local disk under DATA_DIR/files when S3_BUCKET is unset. */
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  /** Largest single upload, in bytes (each file type has its own lower limit). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 1024 ** 3),
  /** An upload left incomplete this many hours after it was created is deleted (checked at start and periodically). */
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(24),
  /** Worker threads of the asset pipeline (model conversion, panorama tiles); default: CPU count - 1, at least 1. */
  PIPELINE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Heap cap of each pipeline worker, in MB: a step that needs more fails the asset with `out_of_memory`. */
  PIPELINE_WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(2048),
  /** Model library: insert the generated catalogue's rows at start-up (default on, off under NODE_ENV=test). */
  LIBRARY_SEED: bool,
  /** Model library: build the generated models' files in background jobs (default on, off under NODE_ENV=test). */
  LIBRARY_PREBUILD: bool,
  /**
   * Model library: a server folder of asset packs (folders or zips, e.g. a copy of Kenney's and Quaternius's CC0 packs)
   * admins may import from with POST /library/import_pack; unset: only `npm run library:import` imports.
   */
  LIBRARY_IMPORT_DIR: z.preprocess((v) => (v === '' ? undefined : v), z.string().optional()),
  /** HMAC secret of signed file URLs served from local disk; generated into DATA_DIR/secrets.json when unset. */
  FILE_URL_SECRET: z.string().min(16).optional(),
  /** Lifetime of signed content URLs, in seconds. */
  FILE_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  /** RTMP ingest port of live streaming; 0 = no ingest in this process. Default 1935 (0 under NODE_ENV=test). */
  LIVE_RTMP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Address the RTMP ingest listens on. */
  LIVE_RTMP_HOST: z.string().default('0.0.0.0'),
  /** RTMP server URL shown to creators (`rtmp://live.example.com:1935/live`); default: the API's host name and the port. */
  LIVE_RTMP_PUBLIC_URL: z
    .string()
    .regex(/^rtmps?:\/\/[^\s/]+(\/[\w-]+)*\/?$/)
    .optional(),
  /**
   * With REDIS_URL: the http(s) base URL at which the other server processes reach this one, so a viewer who reaches
   * another process is served the stream this one ingests (proxied). Default `http://127.0.0.1:<listening port>`
   * (processes on one machine).
   */
  LIVE_INTERNAL_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+\/?$/)
    .optional(),
  /** Seconds a dropped RTMP publisher may reconnect and continue the same broadcast (and recording). */
  LIVE_RECONNECT_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
});

export type Env = z.input<typeof schema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Shared buffers of the embedded database (`16MB`). */
  pgliteSharedBuffers: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  /** Lower-cased host names or host:port from ALLOWED_HOSTS. */
  allowedHosts: string[];
  /** Origins allowed to frame a public project's viewer (EMBED_ALLOWED_ORIGINS); empty = any site. */
  embedAllowedOrigins: string[];
  seedDemo?: boolean;
  /** Width of the demo catalogue's generated panoramas; 0 = none. */
  seedMediaWidth: number;
  logLevel: string;
  /** `cacheSeconds`: how long the guard reuses a resolved session (0: never); changes invalidate it at once. */
  session: { idleMinutes: number; absoluteDays: number; cacheSeconds: number };
  rateLimit: {
    auth: number;
    authWindowSeconds: number;
    api: number;
    loginAccount: number;
    loginAccountWindowMinutes: number;
  };
  oidc?: { issuer: string; clientId: string; clientSecret?: string; name: string };
  devOutbox: boolean;
  webDist: string;
  trustProxy: boolean;
  commerce: {
    orderExpiryMinutes: number;
    commissionPercent: number;
    marketCacheSeconds: number;
    marketCountCacheSeconds: number;
  };
  forum: { postIntervalSeconds: number };
  /** Wallet and coins. */
  wallet: {
    holdDays: number;
    cashOutMinCents: number;
    coinsPerHkd: number;
    coinsPerMembershipDay: number;
    exchangeDailyLimit: number;
  };
  world: { nodeId: string; staleSeconds: number; iceServers: IceServer[] };
  payments: { provider: 'sandbox'; sandboxSecret: string };
  s3?: {
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  uploads: { maxBytes: number; urlSecret: string; urlTtlSeconds: number; expiryHours: number };
  pipeline: { workers: number; workerMemoryMb: number };
  library: { seed: boolean; prebuild: boolean; importDir: string | null };
  /** Audit log: entries are kept `retentionDays` days. */
  audit: { retentionDays: number };
  /** Plans: the renewal reminder starts `renewalReminderDays` before the membership ends. */
  plans: { renewalReminderDays: number };
  /** Live streaming: RTMP ingest (`rtmpPort` 0 = off). */
  live: { rtmpPort: number; rtmpHost: string; rtmpPublicUrl?: string; graceSeconds: number; internalUrl?: string };
}

/** One worker per core, leaving one core to the API's event loop. */
const defaultPipelineWorkers = () => Math.max(1, (os.availableParallelism?.() ?? os.cpus().length) - 1);

const here = path.dirname(new URL(import.meta.url).pathname);

/**
 * Refuses the sandbox gateway in a deployment (NODE_ENV=production with a PUBLIC_URL; the two-command start runs
 * production without PUBLIC_URL) unless PAYMENT_SANDBOX_ALLOWED=1 says it is wanted: there anyone can "pay".
 */
function checkDeployment(e: z.infer<typeof schema>): void {
  if (e.NODE_ENV !== 'production' || !e.PUBLIC_URL) return;
  if (e.PAYMENT_PROVIDER === 'sandbox' && !e.PAYMENT_SANDBOX_ALLOWED) {
    throw new Error(
      'Refusing to start a deployment (NODE_ENV=production, PUBLIC_URL set): the sandbox payment gateway lets anyone "pay": configure a real provider, or set PAYMENT_SANDBOX_ALLOWED=1.',
    );
  }
}

const randomSecret = () => crypto.randomBytes(32).toString('base64url');

/**
 * The server's secrets. A variable wins; a published value (one this repository ever shipped) is refused outside
 * tests. A missing one is generated at random on first start and kept in DATA_DIR/secrets.json (readable by the
 * owner only), so restarts keep signed URLs and payment sessions valid. Tests get fresh random secrets in memory.
 */
function resolveSecrets(e: z.infer<typeof schema>, dataDir: string): Record<SecretName, string> {
  const given: Partial<Record<SecretName, string>> = {
    FILE_URL_SECRET: e.FILE_URL_SECRET,
    SANDBOX_PAYMENT_SECRET: e.SANDBOX_PAYMENT_SECRET,
  };
  if (e.NODE_ENV !== 'test') {
    const published = SECRET_NAMES.filter((n) => given[n] && PUBLISHED_SECRETS.includes(given[n] as string));
    if (published.length) {
      throw new Error(
        `Refusing to start: ${published.join(' and ')} ${published.length > 1 ? 'are' : 'is'} a value published in the XR Studio repository. Unset it to have a random one generated in DATA_DIR/secrets.json, or set a secret of your own.`,
      );
    }
  }
  const missing = SECRET_NAMES.filter((n) => !given[n]);
  if (missing.length === 0) return given as Record<SecretName, string>;
  const present = Object.fromEntries(SECRET_NAMES.filter((n) => given[n]).map((n) => [n, given[n]]));
  if (e.NODE_ENV === 'test')
    return { ...Object.fromEntries(missing.map((n) => [n, randomSecret()])), ...present } as Record<SecretName, string>;
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Record<SecretName, string>> = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Record<SecretName, string>>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read ${file}: ${(err as Error).message}`);
  }
  const fresh = missing.filter((n) => typeof stored[n] !== 'string' || (stored[n] as string).length < 16);
  if (fresh.length) {
    for (const n of fresh) stored[n] = randomSecret();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return { ...stored, ...Object.fromEntries(SECRET_NAMES.filter((n) => given[n]).map((n) => [n, given[n]])) } as Record<
    SecretName,
    string
  >;
}

/** Parses the environment once. Nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set" (so `DATABASE_URL= npm start` uses the embedded default).
  const e = schema.parse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  checkDeployment(e);
  const dataDir = path.resolve(e.DATA_DIR);
  const secrets = resolveSecrets(e, dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    allowedHosts: (e.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    embedAllowedOrigins: e.EMBED_ALLOWED_ORIGINS,
    seedDemo: e.SEED_DEMO,
    seedMediaWidth: e.SEED_MEDIA_WIDTH,
    logLevel: e.LOG_LEVEL,
    session: {
      idleMinutes: e.SESSION_IDLE_MINUTES,
      absoluteDays: e.SESSION_ABSOLUTE_DAYS,
      cacheSeconds: e.SESSION_CACHE_SECONDS,
    },
    audit: { retentionDays: e.AUDIT_RETENTION_DAYS },
    plans: { renewalReminderDays: e.RENEWAL_REMINDER_DAYS },
    rateLimit: {
      auth: e.AUTH_RATE_LIMIT,
      authWindowSeconds: e.AUTH_RATE_WINDOW_SECONDS,
      api: e.API_RATE_LIMIT,
      loginAccount: e.LOGIN_ACCOUNT_LIMIT,
      loginAccountWindowMinutes: e.LOGIN_ACCOUNT_WINDOW_MINUTES,
    },
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME }
        : undefined,
    devOutbox: e.DEV_OUTBOX ?? !e.SMTP_URL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(here, '../../web/dist')),
    trustProxy: e.TRUST_PROXY ?? false,
    commerce: {
      orderExpiryMinutes: e.ORDER_EXPIRY_MINUTES,
      commissionPercent: e.PLATFORM_COMMISSION_PERCENT,
      marketCacheSeconds: e.MARKET_CACHE_SECONDS,
      marketCountCacheSeconds: e.MARKET_COUNT_CACHE_SECONDS,
    },
    forum: { postIntervalSeconds: e.FORUM_POST_INTERVAL_SECONDS },
    wallet: {
      holdDays: e.WALLET_HOLD_DAYS,
      cashOutMinCents: Math.round(e.CASH_OUT_MIN_HKD * 100),
      coinsPerHkd: e.COINS_PER_HKD,
      coinsPerMembershipDay: e.COINS_PER_MEMBERSHIP_DAY,
      exchangeDailyLimit: e.COIN_EXCHANGE_DAILY_LIMIT,
    },
    world: {
      nodeId: e.WORLD_NODE_ID ?? `${os.hostname()}:${e.PORT}`,
      staleSeconds: e.WORLD_NODE_STALE_SECONDS,
      iceServers: e.WEBRTC_ICE_SERVERS,
    },
    payments: { provider: e.PAYMENT_PROVIDER, sandboxSecret: secrets.SANDBOX_PAYMENT_SECRET },
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
        }
      : undefined,
    uploads: {
      maxBytes: e.UPLOAD_MAX_BYTES,
      urlSecret: secrets.FILE_URL_SECRET,
      urlTtlSeconds: e.FILE_URL_TTL_SECONDS,
      expiryHours: e.UPLOAD_EXPIRY_HOURS,
    },
    pipeline: { workers: e.PIPELINE_WORKERS ?? defaultPipelineWorkers(), workerMemoryMb: e.PIPELINE_WORKER_MEMORY_MB },
    live: {
      rtmpPort: e.LIVE_RTMP_PORT ?? (e.NODE_ENV === 'test' ? 0 : 1935),
      rtmpHost: e.LIVE_RTMP_HOST,
      rtmpPublicUrl: e.LIVE_RTMP_PUBLIC_URL?.replace(/\/$/, ''),
      graceSeconds: e.LIVE_RECONNECT_GRACE_SECONDS,
      internalUrl: e.LIVE_INTERNAL_URL?.replace(/\/$/, ''),
    },
    library: {
      seed: e.LIBRARY_SEED ?? e.NODE_ENV !== 'test',
      prebuild: e.LIBRARY_PREBUILD ?? e.NODE_ENV !== 'test',
      importDir: e.LIBRARY_IMPORT_DIR ?? null,
    },
  };
}
