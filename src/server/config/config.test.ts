import { describe, expect, it } from 'vitest';
import { ConfigError, describeDefaults, loadConfig, storageKind, storageWarnings } from '.';

describe('config', () => {
  it('takes the passkeys relying party from APP_URL: its host without the port, and its origin', () => {
    expect(loadConfig({ APP_URL: 'https://reelmates.example/' }).passkeys).toEqual({ rpId: 'reelmates.example', origin: 'https://reelmates.example' });
    expect(loadConfig({ APP_URL: 'http://localhost:3000' }).passkeys).toEqual({ rpId: 'localhost', origin: 'http://localhost:3000' });
    // Offline: localhost, and the request's own origin (the same-origin guard has matched it to the host).
    expect(loadConfig({}).passkeys).toEqual({ rpId: 'localhost', origin: null });
  });

  it('starts with no configuration at all, on the offline defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.mail.devMailboxEnabled).toBe(true);
  });

  it('names the variable and what it expects when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT: expected a port number');
      expect(message).toContain('DATABASE_URL: expected a postgres:// or postgresql:// connection URL');
      expect(message).not.toContain('mysql://x'); // URLs may hold passwords
    }
  });

  it('picks the uploads storage: STORAGE when set, else S3 with a bucket, the database on PostgreSQL, files on PGlite', () => {
    const pgUrl = 'postgres://db.example/reelmates';
    expect(storageKind(loadConfig({}), 'pglite')).toBe('local');
    expect(storageKind(loadConfig({ DATABASE_URL: pgUrl }), 'postgres')).toBe('database');
    expect(storageKind(loadConfig({ DATABASE_URL: pgUrl, STORAGE: 'local' }), 'postgres')).toBe('local');
    expect(storageKind(loadConfig({ STORAGE: 'database' }), 'pglite')).toBe('database');
    expect(() => loadConfig({ STORAGE: 'disk' })).toThrow(/STORAGE: expected local, database or s3/);
    expect(describeDefaults(loadConfig({ DATABASE_URL: pgUrl }))).toContain('uploads: in the database (table stored_uploads), served by every instance');
  });

  it('warns about local files on PostgreSQL only', () => {
    const local = loadConfig({ DATABASE_URL: 'postgres://db.example/reelmates', STORAGE: 'local', DATA_DIR: '/srv/reelmates' });
    expect(storageWarnings(local, 'postgres')).toEqual([
      'STORAGE=local on PostgreSQL: avatars are files in /srv/reelmates/uploads, which only this instance reads. With several instances, use one shared volume for it on every instance, or STORAGE=database or S3_BUCKET; otherwise pictures uploaded through one instance are missing on the others.',
    ]);
    expect(storageWarnings(loadConfig({}), 'pglite')).toEqual([]);
    expect(storageWarnings(loadConfig({ DATABASE_URL: 'postgres://db.example/reelmates' }), 'postgres')).toEqual([]);
  });

  it('sizes the PostgreSQL pool: 30 by default, 1 to 200 when set', () => {
    expect(loadConfig({}).databasePoolSize).toBe(30);
    expect(loadConfig({ DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE: expected 1 to 200 connections/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE: expected a number of connections/);
  });

  it('waits 5 s for an import preview by default, 0 to 30 s when set', () => {
    expect(loadConfig({}).importPreviewWaitMs).toBe(5_000);
    expect(loadConfig({ IMPORT_PREVIEW_WAIT_SECONDS: '0' }).importPreviewWaitMs).toBe(0);
    expect(() => loadConfig({ IMPORT_PREVIEW_WAIT_SECONDS: '60' })).toThrow(/IMPORT_PREVIEW_WAIT_SECONDS: expected 0 to 30 seconds/);
  });

  it('requires a secret and the public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/BETTER_AUTH_SECRET: required in production/);
  });

  it('turns the dev mailbox off in production and when SMTP is set', () => {
    expect(loadConfig({ NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32), APP_URL: 'https://r.example' }).mail.devMailboxEnabled).toBe(false);
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:25' }).mail.devMailboxEnabled).toBe(false);
  });

  it('pools SMTP: 5 connections of 100 mails each by default, bounded settings otherwise', () => {
    expect(loadConfig({}).mail.smtpPool).toEqual({ maxConnections: 5, maxMessages: 100 });
    expect(loadConfig({ SMTP_POOL_MAX_CONNECTIONS: '12', SMTP_POOL_MAX_MESSAGES: '500' }).mail.smtpPool).toEqual({ maxConnections: 12, maxMessages: 500 });
    for (const bad of ['0', '51', '2.5', 'many']) expect(() => loadConfig({ SMTP_POOL_MAX_CONNECTIONS: bad })).toThrow(/SMTP_POOL_MAX_CONNECTIONS: expected/);
    for (const bad of ['0', '10001', 'lots']) expect(() => loadConfig({ SMTP_POOL_MAX_MESSAGES: bad })).toThrow(/SMTP_POOL_MAX_MESSAGES: expected/);
  });

  it('trusts one proxy hop by default, more only when told, and never zero', () => {
    expect(loadConfig({}).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY_HOPS: '3' }).trustProxyHops).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'two']) expect(() => loadConfig({ TRUST_PROXY_HOPS: bad })).toThrow(/TRUST_PROXY_HOPS: expected/);
  });

  it('keeps the dev mailbox to this machine unless DEV_MAILBOX_REMOTE is set', () => {
    expect(loadConfig({}).mail.devMailboxRemote).toBe(false);
    expect(loadConfig({ DEV_MAILBOX_REMOTE: 'true' }).mail.devMailboxRemote).toBe(true);
  });

  it('billing: the test checkout by default, off in production unless allowed; Stripe needs all four settings', () => {
    expect(loadConfig({}).billing).toEqual({ stripe: undefined, testCheckoutAllowed: true });
    const prod = { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32), APP_URL: 'https://reelmates.example' };
    expect(loadConfig(prod).billing.testCheckoutAllowed).toBe(false);
    expect(loadConfig({ ...prod, ALLOW_TEST_CHECKOUT: 'true' }).billing.testCheckoutAllowed).toBe(true);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY: expected a Stripe secret key/);
    const stripe = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PRICE_MONTHLY: 'price_m', STRIPE_PRICE_YEARLY: 'price_y' });
    expect(stripe.billing.stripe).toMatchObject({ secretKey: 'sk_test_abc', prices: { monthly: 'price_m', yearly: 'price_y' } });
    expect(describeDefaults(stripe)).toContain('billing: Stripe (STRIPE_SECRET_KEY)');
  });

  it('DKIM: off by default; key, selector and domain together; a one-line key with \\n is read as PEM; a bad key is not echoed', () => {
    expect(loadConfig({}).mail.dkim).toBeUndefined();
    const pem = '-----BEGIN PRIVATE KEY-----\\nMIIBVAIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----';
    expect(loadConfig({ DKIM_PRIVATE_KEY: pem, DKIM_SELECTOR: 'rm1', DKIM_DOMAIN: 'reelmates.example' }).mail.dkim).toEqual({
      privateKey: '-----BEGIN PRIVATE KEY-----\nMIIBVAIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----',
      keySelector: 'rm1',
      domainName: 'reelmates.example',
    });
    expect(() => loadConfig({ DKIM_SELECTOR: 'rm1' })).toThrow(/DKIM_PRIVATE_KEY: required with DKIM_SELECTOR/);
    expect(() => loadConfig({ DKIM_PRIVATE_KEY: 'secret-material', DKIM_SELECTOR: 'rm1', DKIM_DOMAIN: 'reelmates.example' })).toThrow(
      /DKIM_PRIVATE_KEY: expected a PEM private key .*\(got "<hidden>"\)/,
    );
    expect(() => loadConfig({ DKIM_PRIVATE_KEY: pem, DKIM_SELECTOR: 'rm1', DKIM_DOMAIN: 'not a domain' })).toThrow(/DKIM_DOMAIN: expected a domain name/);
  });
});
