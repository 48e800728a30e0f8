import path from 'node:path';
import { storageKind } from './checks';
import type { Config } from '.';

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
      ? `mail: SMTP (SMTP_URL, a pool of ${config.mail.smtpPool.maxConnections} connections, ${config.mail.smtpPool.maxMessages} mails each${config.mail.dkim ? `, DKIM-signed as ${config.mail.dkim.keySelector}._domainkey.${config.mail.dkim.domainName}` : ''})`
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
