import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createTestDatabase, MemoryTransport } from '../../test/harness';
import { backoffMs, MailOutbox } from './outbox';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const mail = { to: 'a@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' };

describe('mail outbox', () => {
  it('keeps a mail whose send failed and retries it later with backoff', async () => {
    const transport = new MemoryTransport();
    transport.failuresLeft = 2;
    const outbox = new MailOutbox({ db: database.db, transport, from: 'x@y.z', logger: pino({ level: 'silent' }) });
    const id = await outbox.enqueue(mail);

    expect(await outbox.processDue()).toBe(0);
    let [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'transport down' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3_000);

    // Not due yet: nothing is retried early.
    expect(await outbox.processDue()).toBe(0);
    expect(transport.sent).toHaveLength(0);

    for (let i = 0; i < 2; i++) {
      await database.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.id, id));
      await outbox.processDue();
    }
    [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(transport.sent.map((m) => m.subject)).toEqual(['Hello']);
  });

  it('never sends a mail twice when two workers run at once', async () => {
    const transport = new MemoryTransport();
    const logger = pino({ level: 'silent' });
    const a = new MailOutbox({ db: database.db, transport, from: 'x@y.z', logger });
    const b = new MailOutbox({ db: database.db, transport, from: 'x@y.z', logger });
    for (let i = 0; i < 15; i++) await a.enqueue({ ...mail, subject: `m${i}` });
    let total = 0;
    for (let round = 0; round < 3; round++) {
      const [x, y] = await Promise.all([a.processDue(), b.processDue()]);
      total += x + y;
    }
    expect(total).toBe(15);
    expect(new Set(transport.sent.map((m) => m.subject)).size).toBe(15);
    expect(transport.sent.length).toBe(15);
  });

  it('grows the backoff and caps it at an hour', () => {
    expect(backoffMs(1)).toBe(5_000);
    expect(backoffMs(2)).toBe(10_000);
    expect(backoffMs(30)).toBe(3_600_000);
  });
});
