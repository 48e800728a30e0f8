import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { MailOutbox } from '../integrations/mail/outbox';
import { createLogger, type Logger } from '../logger';
import { createAuth } from '../modules/accounts/auth';
import { createTestDatabase, MemoryTransport } from '../test/harness';
import type { AppEnv } from './context';
import { handleError } from './errors';
import { requestLog } from './request-log';

// Log lines end up in files, terminals and log services that many people can read: no session
// token, password, cookie or message text may reach them, whatever failed.
const TOKEN = 'Xq7sessiontoken0123456789abcdefZ';
const MESSAGE = 'my very private message to a friend';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

function capture(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { logger, text: () => lines.join('') };
}

/** A failing statement with the secrets as parameters, as a real query would carry them. */
async function failingQuery(): Promise<Error> {
  try {
    await database.db.execute(sql`select ${TOKEN}::int as n, ${MESSAGE}::text as body`);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the query should have failed');
}

describe('log redaction', () => {
  it('keeps query parameters out of the line a failed request logs', async () => {
    const { logger, text } = capture();
    const app = new Hono<AppEnv>();
    app.use('*', requestLog(logger));
    app.get('/fail', async () => {
      await database.db.execute(sql`select ${TOKEN}::int as n, ${MESSAGE}::text as body`);
      return new Response('unreachable');
    });
    app.onError(handleError);
    const res = await app.request('/fail');
    expect(res.status).toBe(500);
    const logged = text();
    expect(logged).toContain('unhandled error');
    expect(logged).toContain('Failed query');
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(MESSAGE);
  });

  it('strips secrets from errors and fields however they are logged', async () => {
    const { logger, text } = capture();
    const err = await failingQuery();
    logger.error(err);
    logger.error({ err }, 'query failed');
    logger.warn({ err: { message: 'wrapped', cause: err } }, 'wrapped failure');
    logger.info(
      { req: { headers: { cookie: `reelmates.session_token=${TOKEN}`, authorization: `Bearer ${TOKEN}` } }, user: { password: TOKEN, token: TOKEN }, text: MESSAGE },
      'fields',
    );
    logger.info({ details: [{ session: { token: TOKEN } }, err] }, 'nested');
    const logged = text();
    expect(logged.split('\n').filter(Boolean)).toHaveLength(5);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(MESSAGE);
  });

  it('keeps query parameters out of what Better Auth logs', async () => {
    const { logger, text } = capture();
    const config = loadConfig({ NODE_ENV: 'test', BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-000', APP_URL: 'http://localhost' });
    const mail = new MailOutbox({ db: database.db, transport: new MemoryTransport(), from: config.mail.from, logger });
    const auth = createAuth({ config, database, mail, logger });
    (await auth.$context).logger.error('Failed to create session', await failingQuery());
    expect(text()).toContain('[auth] Failed to create session');
    expect(text()).not.toContain(TOKEN);
    expect(text()).not.toContain(MESSAGE);
  });

  it('keeps a reset token in the path out of the request line', async () => {
    const { logger, text } = capture();
    const app = new Hono<AppEnv>();
    app.use('*', requestLog(logger));
    app.get('/api/auth/reset-password/:token', (c) => c.text('ok'));
    await app.request(`/api/auth/reset-password/${TOKEN}?callbackURL=%2Freset`);
    expect(text()).toContain('/api/auth/reset-password/');
    expect(text()).not.toContain(TOKEN);
  });
});
