import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Every setting is validated once at start; a bad value stops the
 * process with a message naming the variable and what it expects (see formatConfigError).
 */

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (what: string) => z.preprocess(emptyToUndefined, z.url({ message: `expected ${what}` }).optional());
const flag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'], { message: 'expected true or false' })
    .optional()
    .transform((v) => v === '1' || v === 'true' || v === 'yes'),
);

const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test'], { message: 'expected development, production or test' }).default('development')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number({ message: 'expected a port number' }).int().min(0).max(65535, 'expected a port number from 0 to 65535').default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  APP_URL: optionalUrl('the public URL of the app, such as https://reelmates.example'),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// connection URL')
      .optional(),
  ),
  /** Connections in the PostgreSQL pool of one instance (each request holds one per query). */
  SESSION_CACHE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'expected a number of seconds' }).int().min(0, 'expected 0 to 300 seconds').max(300, 'expected 0 to 300 seconds').default(30),
  ),
  DATABASE_POOL_SIZE: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'expected a number of connections' }).int().min(1, 'expected 1 to 200 connections').max(200, 'expected 1 to 200 connections').default(10),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { message: 'expected a pino level such as info or warn' }).default('info'),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'expected an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Reelmates <no-reply@reelmates.local>')),
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'expected an e-mail address' }).default('support@reelmates.local')),
  DEV_MAILBOX: flag,
  /** The dev mailbox holds reset links: it answers loopback clients only, unless this is set. */
  DEV_MAILBOX_REMOTE: flag,
  TRUST_PROXY: flag,
  /** How many reverse proxies in front of us append to X-Forwarded-For (the socket's peer is the first). */
  TRUST_PROXY_HOPS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'expected a whole number of proxies, 1 or more' })
      .int('expected a whole number of proxies, 1 or more')
      .min(1, 'expected a whole number of proxies, 1 or more')
      .max(20, 'expected at most 20 proxies')
      .default(1),
  ),
  /** Parse every JSON success body with its route's declared response schema; a mismatch is a 500 (tests). */
  CHECK_RESPONSE_CONTRACTS: flag,
  BODY_LIMIT_BYTES: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(1_048_576)),
  BETTER_AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'expected a random secret of at least 32 characters').optional()),
  OWNER_EMAIL: z.preprocess(emptyToUndefined, z.email({ message: 'expected an e-mail address' }).optional()),
  /** Ruling 27: accounts with these addresses (comma-separated) are made admins when they verify or sign in. */
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((v) =>
        (v ?? '')
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email({ message: 'expected comma-separated e-mail addresses' }))),
  ),
  TMDB_API_KEY: optionalString,
  TMDB_BASE_URL: optionalUrl('the TMDB API base URL, such as https://api.themoviedb.org/3'),
  TMDB_READ_ACCESS_TOKEN: optionalString,
  /** Ruling 5: messaging is unlimited for everyone; the premium gate exists behind this switch, off by default. */
  MESSAGING_PREMIUM_GATE: flag,
  /** Where uploads live (docs/decisions/012); unset: s3 with S3_BUCKET, else database on PostgreSQL, else local. */
  STORAGE: z.preprocess(emptyToUndefined, z.enum(['local', 'database', 's3'], { message: 'expected local, database or s3' }).optional()),
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name (3 to 63 lowercase letters, digits, dots and hyphens)')
      .optional(),
  ),
  S3_REGION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/, 'expected a region such as us-east-1')
      .optional(),
  ),
  S3_ENDPOINT: optionalUrl('the URL of an S3-compatible endpoint, such as https://s3.example.com'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalUrl('the public base URL of the bucket, such as https://cdn.example.com/avatars'),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, 'expected a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_ key)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^whsec_\w+$/, 'expected a webhook signing secret (whsec_...)')
      .optional(),
  ),
  STRIPE_PRICE_MONTHLY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^price_\w+$/, 'expected a Stripe price id (price_...)')
      .optional(),
  ),
  STRIPE_PRICE_YEARLY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^price_\w+$/, 'expected a Stripe price id (price_...)')
      .optional(),
  ),
  /** Stripe's API at another address (a local fake in tests); unset: api.stripe.com. */
  STRIPE_API_URL: optionalUrl('the URL of the Stripe API, such as https://api.stripe.com'),
  /** The offline test checkout refuses to run in production unless this is set (decisions: offline defaults). */
  ALLOW_TEST_CHECKOUT: flag,
});

export type Config = ReturnType<typeof buildConfig>;

function buildConfig(env: z.infer<typeof envSchema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    appUrl: env.APP_URL?.replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** How long a checked session is kept in memory at most (0: never); invalidated at once by access signals (decision 013). */
    sessionCacheMs: env.SESSION_CACHE_SECONDS * 1000,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    checkResponseContracts: env.CHECK_RESPONSE_CONTRACTS,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      supportEmail: env.SUPPORT_EMAIL,
      // The dev mailbox is the default outside production; in production it is off unless asked for.
      devMailboxEnabled: env.SMTP_URL ? false : isProduction ? env.DEV_MAILBOX : true,
      // Anyone who can read the mailbox can take over accounts: by default only this machine may.
      devMailboxRemote: env.DEV_MAILBOX_REMOTE,
      mailboxDir: path.join(dataDir, 'mailbox'),
    },
    auth: {
      secret: env.BETTER_AUTH_SECRET,
      ownerEmail: env.OWNER_EMAIL?.toLowerCase(),
      /** Who is granted the admin role at verification or sign-in: ADMIN_EMAILS and the owner (ruling 27). */
      adminEmails: [...new Set([...env.ADMIN_EMAILS, ...(env.OWNER_EMAIL ? [env.OWNER_EMAIL.toLowerCase()] : [])])],
    },
    messaging: { premiumGate: env.MESSAGING_PREMIUM_GATE },
    storage: {
      /**
       * The adapter the operator chose (STORAGE), or s3 when S3_BUCKET is set; undefined lets
       * `storageKind` pick by database: the database on PostgreSQL, files on PGlite.
       */
      chosen: env.STORAGE ?? (env.S3_BUCKET ? ('s3' as const) : undefined),
      uploadsDir: path.join(dataDir, 'uploads'),
      // Unset: uploads in the database (PostgreSQL) or under DATA_DIR/uploads (PGlite).
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION ?? 'us-east-1',
            endpoint: env.S3_ENDPOINT?.replace(/\/$/, ''),
            credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
            publicUrl: env.S3_PUBLIC_URL?.replace(/\/$/, ''),
          }
        : undefined,
    },
    billing: {
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
            prices: { monthly: env.STRIPE_PRICE_MONTHLY!, yearly: env.STRIPE_PRICE_YEARLY! },
            apiUrl: env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined,
          }
        : undefined,
      // Outside production the test checkout is the default; in production only when asked for.
      testCheckoutAllowed: !isProduction || env.ALLOW_TEST_CHECKOUT,
    },
    tmdb: { apiKey: env.TMDB_API_KEY, readAccessToken: env.TMDB_READ_ACCESS_TOKEN, baseUrl: env.TMDB_BASE_URL?.replace(/\/$/, '') },
  };
}

function checkProduction(config: ReturnType<typeof buildConfig>): string[] {
  if (!config.isProduction) return [];
  const problems: string[] = [];
  if (!config.auth.secret) problems.push('BETTER_AUTH_SECRET: required in production (a random string of at least 32 characters)');
  if (!config.appUrl) problems.push('APP_URL: required in production (the public URL, used in e-mail links)');
  return problems;
}

/** S3 settings make sense only together: a key without its secret, or S3_* without a bucket, is a mistake. */
function checkStorage(env: NodeJS.ProcessEnv): string[] {
  const set = (name: string) => typeof env[name] === 'string' && env[name]!.trim() !== '';
  const problems: string[] = [];
  if (set('S3_ACCESS_KEY_ID') !== set('S3_SECRET_ACCESS_KEY')) problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  const storage = env.STORAGE?.trim();
  if (!set('S3_BUCKET')) {
    if (storage === 's3') problems.push('STORAGE: s3 needs S3_BUCKET (and the other S3_* settings)');
    for (const name of ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL']) {
      if (set(name)) problems.push(`${name}: needs S3_BUCKET (without it avatars are stored in the database on PostgreSQL, under DATA_DIR/uploads on PGlite)`);
    }
  } else if (storage === 'local' || storage === 'database') {
    problems.push(`S3_BUCKET: set, but STORAGE=${storage} would ignore it (unset one of them)`);
  }
  return problems;
}

/** Stripe needs its key, webhook secret and both prices together: a half-configured Stripe is a mistake. */
function checkStripe(env: NodeJS.ProcessEnv): string[] {
  const names = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'STRIPE_PRICE_YEARLY'];
  const set = names.filter((name) => typeof env[name] === 'string' && env[name]!.trim() !== '');
  if (set.length === 0 || set.length === names.length) return [];
  return names.filter((name) => !set.includes(name)).map((name) => `${name}: required with ${set.join(', ')} (set all four Stripe settings or none)`);
}

/**
 * The storage adapter in use (docs/decisions/012): the operator's STORAGE, else S3 with S3_BUCKET,
 * else the database on PostgreSQL (every instance serves every picture) and files under
 * DATA_DIR/uploads on PGlite (one process owns the data directory anyway).
 */
export function storageKind(config: Pick<Config, 'storage'>, database: 'pglite' | 'postgres'): 'local' | 'database' | 's3' {
  return config.storage.chosen ?? (database === 'postgres' ? 'database' : 'local');
}

/** What the operator must hear at start about the storage: local files on a shared database. */
export function storageWarnings(config: Pick<Config, 'storage'>, database: 'pglite' | 'postgres'): string[] {
  if (database !== 'postgres' || storageKind(config, database) !== 'local') return [];
  return [
    `STORAGE=local on PostgreSQL: avatars are files in ${config.storage.uploadsDir}, which only this instance reads. With several instances, use one shared volume for it on every instance, or STORAGE=database or S3_BUCKET; otherwise pictures uploaded through one instance are missing on the others.`,
  ];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const value = source[name];
      const shown = value === undefined ? '' : ` (got "${name.endsWith('URL') ? '<hidden>' : value}")`;
      return `${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const config = buildConfig(parsed.data);
  const problems = [...checkStorage(source), ...checkStripe(source), ...checkProduction(config)];
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** Which offline defaults are in use, for the start log and the UI badges. */
export function describeDefaults(config: Config): string[] {
  const lines: string[] = [];
  lines.push(
    config.databaseUrl
      ? `database: PostgreSQL (DATABASE_URL, a pool of ${config.databasePoolSize} connections)`
      : `database: embedded PGlite in ${path.join(config.dataDir, 'db')} (offline default)`,
  );
  lines.push(
    config.mail.smtpUrl
      ? 'mail: SMTP (SMTP_URL)'
      : config.mail.devMailboxEnabled
        ? `mail: dev mailbox at /dev/mailbox and ${config.mail.mailboxDir} (offline default)`
        : 'mail: no transport configured; mails wait in the outbox',
  );
  const s3 = config.storage.s3;
  const storage = storageKind(config, config.databaseUrl ? 'postgres' : 'pglite');
  lines.push(
    storage === 's3' && s3
      ? `uploads: S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`
      : storage === 'database'
        ? `uploads: in the database (table stored_uploads)${config.storage.chosen ? ' (STORAGE=database)' : ', served by every instance'}`
        : `uploads: files in ${config.storage.uploadsDir}${config.databaseUrl ? ' (STORAGE=local)' : ' (offline default)'}`,
  );
  lines.push(config.tmdb.apiKey || config.tmdb.readAccessToken ? 'catalogue: TMDB API' : 'catalogue: offline demo catalogue (offline default)');
  lines.push(
    config.billing.stripe
      ? 'billing: Stripe (STRIPE_SECRET_KEY)'
      : config.billing.testCheckoutAllowed
        ? 'billing: local test checkout, test mode (offline default)'
        : 'billing: none (production without Stripe; the test checkout is off unless ALLOW_TEST_CHECKOUT=true)',
  );
  lines.push(config.databaseUrl ? 'realtime: event streams fanned out through PostgreSQL LISTEN/NOTIFY' : 'realtime: event streams in this process (PGlite; one instance)');
  return lines;
}
