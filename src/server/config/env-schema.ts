import { z } from 'zod';

/** What the environment may set, with its defaults: read once at start by loadConfig. */
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

export const envSchema = z.object({
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
  SESSION_CACHE_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'expected a number of seconds' }).int().min(0, 'expected 0 to 300 seconds').max(300, 'expected 0 to 300 seconds').default(30),
  ),
  /** Connections in the PostgreSQL pool of one instance (each request holds one per query). */
  DATABASE_POOL_SIZE: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'expected a number of connections' }).int().min(1, 'expected 1 to 200 connections').max(200, 'expected 1 to 200 connections').default(30),
  ),
  /** How long an import upload waits for its titles to be matched before it answers with the progress (0 to 30 s). */
  IMPORT_PREVIEW_WAIT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'expected a number of seconds' }).min(0, 'expected 0 to 30 seconds').max(30, 'expected 0 to 30 seconds').default(5),
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
  /** SMTP connections one instance keeps open at most (nodemailer pool). */
  SMTP_POOL_MAX_CONNECTIONS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'expected a number of connections' })
      .int('expected 1 to 50 connections')
      .min(1, 'expected 1 to 50 connections')
      .max(50, 'expected 1 to 50 connections')
      .default(5),
  ),
  /** Mails sent over one pooled SMTP connection before it is closed and a fresh one opened. */
  SMTP_POOL_MAX_MESSAGES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: 'expected a number of mails' })
      .int('expected 1 to 10000 mails')
      .min(1, 'expected 1 to 10000 mails')
      .max(10_000, 'expected 1 to 10000 mails')
      .default(100),
  ),
  /**
   * DKIM signing by nodemailer (decision 050): the private key as PEM (newlines may be written \\n,
   * as one-line environments need), with the selector and domain of its DNS record. All three or none.
   */
  DKIM_PRIVATE_KEY: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.replace(/\\n/g, '\n').trim() : undefined),
    z
      .string()
      .regex(/^-----BEGIN (RSA |EC )?PRIVATE KEY-----[\s\S]+-----END (RSA |EC )?PRIVATE KEY-----$/, 'expected a PEM private key (-----BEGIN PRIVATE KEY----- ...)')
      .optional(),
  ),
  DKIM_SELECTOR: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,62})$/, 'expected a DKIM selector such as reelmates1')
      .optional(),
  ),
  DKIM_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/, 'expected a domain name such as reelmates.example')
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
  /** Admins must have two-factor sign-in turned on before the admin routes answer them (issue 20, part 3). */
  REQUIRE_ADMIN_2FA: flag,
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
