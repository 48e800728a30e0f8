import path from 'node:path';
import type { z } from 'zod';
import { checkDkim, checkStorage, checkStripe } from './checks';
import { envSchema } from './env-schema';

/**
 * The only reader of process.env. Every setting is validated once at start; a bad value stops the
 * process with a message naming the variable and what it expects (see formatConfigError).
 * The variables and their defaults are in env-schema.ts, the checks across variables in checks.ts.
 */

export { describeDefaults } from './describe';
export { storageKind, storageWarnings } from './checks';

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
    passkeys: relyingParty(env.APP_URL),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** How long a checked session is kept in memory at most (0: never); invalidated at once by access signals (decision 013). */
    sessionCacheMs: env.SESSION_CACHE_SECONDS * 1000,
    /** How long an import upload waits for its matching before it answers `matching` with the progress (decision 053). */
    importPreviewWaitMs: env.IMPORT_PREVIEW_WAIT_SECONDS * 1000,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    checkResponseContracts: env.CHECK_RESPONSE_CONTRACTS,
    mail: {
      smtpUrl: env.SMTP_URL,
      /** The SMTP connection pool: connections held open at most, and mails per connection before it is renewed. */
      smtpPool: { maxConnections: env.SMTP_POOL_MAX_CONNECTIONS, maxMessages: env.SMTP_POOL_MAX_MESSAGES },
      from: env.MAIL_FROM,
      /** nodemailer signs every SMTP mail with this key when set (all three settings are, checks.ts). */
      dkim:
        env.DKIM_PRIVATE_KEY && env.DKIM_SELECTOR && env.DKIM_DOMAIN
          ? { privateKey: env.DKIM_PRIVATE_KEY, keySelector: env.DKIM_SELECTOR, domainName: env.DKIM_DOMAIN }
          : undefined,
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
      /** REQUIRE_ADMIN_2FA: an admin without two-factor sign-in is refused the admin routes until it is on. */
      requireAdmin2fa: env.REQUIRE_ADMIN_2FA,
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

/**
 * Who passkeys are registered to (WebAuthn's relying party; decision 046). With APP_URL, its host
 * (no port: a passkey made for reelmates.example works on every port of it) and its origin, which
 * a passkey's signed client data must name: behind a proxy that is the public address, whatever
 * the proxy calls us. Without it (offline), `localhost` and the origin the request came from,
 * which the same-origin guard has already matched to the request's host: so passkeys work at
 * http://localhost:PORT (and through Vite's dev proxy), not at 127.0.0.1, which browsers refuse
 * as a relying party.
 */
export function relyingParty(appUrl: string | undefined): { rpId: string; origin: string | null } {
  if (!appUrl) return { rpId: 'localhost', origin: null };
  const url = new URL(appUrl);
  return { rpId: url.hostname, origin: url.origin };
}

function checkProduction(config: ReturnType<typeof buildConfig>): string[] {
  if (!config.isProduction) return [];
  const problems: string[] = [];
  if (!config.auth.secret) problems.push('BETTER_AUTH_SECRET: required in production (a random string of at least 32 characters)');
  if (!config.appUrl) problems.push('APP_URL: required in production (the public URL, used in e-mail links)');
  return problems;
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
      const shown = value === undefined ? '' : ` (got "${/URL$|KEY|SECRET/.test(name) ? '<hidden>' : value}")`;
      return `${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const config = buildConfig(parsed.data);
  const problems = [...checkStorage(source), ...checkStripe(source), ...checkDkim(source), ...checkProduction(config)];
  if (problems.length) throw new ConfigError(problems);
  return config;
}
