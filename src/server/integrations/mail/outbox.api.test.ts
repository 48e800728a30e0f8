import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { createTestDatabase, MemoryTransport } from '../../test/harness';
import { backoffMs, MailOutbox, messageIdFor } from './outbox';
import type { MailTransport, OutgoingMail } from './transport';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const mail = { to: 'a@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' };
const logger = pino({ level: 'silent' });
const AN_HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A transport whose sends wait until the test opens the gate (then fail when told to). */
class GatedTransport implements MailTransport {
  readonly name = 'dev-mailbox' as const;
  readonly attempted: OutgoingMail[] = [];
  readonly sent: OutgoingMail[] = [];
  private open!: () => void;
  private readonly gate = new Promise<void>((resolve) => (this.open = resolve));
  constructor(private readonly fail = false) {}
  async send(m: OutgoingMail) {
    this.attempted.push(m);
    await this.gate;
    if (this.fail) throw new Error('transport down');
    this.sent.push(m);
  }
  release() {
    this.open();
  }
}

/** Rows inserted straight into the table: no enqueue, so no wake-up reaches any worker. */
async function insertMails(n: number, prefix: string): Promise<string[]> {
  const rows = await database.db
    .insert(mailOutbox)
    .values(Array.from({ length: n }, (_, i) => ({ ...mail, subject: `${prefix}${i}` })))
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

async function rowsOf(ids: string[]) {
  return database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
}

describe('mail outbox', () => {
  it('keeps a mail whose send failed and retries it later with backoff', async () => {
    const transport = new MemoryTransport();
    transport.failuresLeft = 2;
    const outbox = new MailOutbox({ db: database.db, transport, from: 'x@y.z', logger: pino({ level: 'silent' }) });
    const id = (await outbox.enqueue(mail))!;

    expect(await outbox.processDue()).toBe(0);
    let [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'transport down' });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 3_000);

    // Not due yet: nothing is retried early.
    expect(await outbox.processDue()).toBe(0);
    expect(transport.sent).toHaveLength(0);

    for (let i = 0; i < 2; i++) {
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, id));
      await outbox.processDue();
    }
    [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(transport.sent.map((m) => m.subject)).toEqual(['Hello']);
  });

  it('never sends a mail twice when two workers run at once', async () => {
    const transport = new MemoryTransport();
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

  it('follows a full batch at once with the next: 500 mails drain without a single poll wait', async () => {
    const ids = await insertMails(500, 'drain');
    const transport = new MemoryTransport();
    // An hour between polls: only the re-run after a full batch can send more than one batch.
    const outbox = new MailOutbox({ db: database.db, transport, from: 'x@y.z', logger, timing: { pollMs: AN_HOUR, batchSize: 50 } });
    outbox.start();
    try {
      await vi.waitFor(() => expect(outbox.stats.pollWaits).toBe(1), { timeout: 25_000, interval: 20 });
      expect(transport.sent.filter((m) => m.subject.startsWith('drain'))).toHaveLength(500);
      // Ten full batches back to back, then an empty one, and only then the first wait.
      expect(outbox.stats.batches).toBe(11);
      expect((await rowsOf(ids)).every((r) => r.status === 'sent' && r.leaseToken === null && r.lockedUntil === null)).toBe(true);
    } finally {
      await outbox.stop();
    }
  });

  it('runs again right after a run when a mail was enqueued during it, instead of waiting for the poll', async () => {
    const transport = new GatedTransport();
    const outbox = new MailOutbox({ db: database.db, transport, from: 'x@y.z', logger, timing: { pollMs: AN_HOUR } });
    outbox.start();
    try {
      await vi.waitFor(() => expect(outbox.stats.pollWaits).toBe(1)); // the start's run found nothing
      await outbox.enqueue({ ...mail, subject: 'first' });
      await vi.waitFor(() => expect(transport.attempted).toHaveLength(1)); // that run is now sending
      await outbox.enqueue({ ...mail, subject: 'second' });
      transport.release();
      await vi.waitFor(() => expect(transport.sent.map((m) => m.subject)).toEqual(['first', 'second']), { timeout: 5_000 });
      await vi.waitFor(() => expect(outbox.stats.pollWaits).toBe(2));
    } finally {
      await outbox.stop();
    }
  });

  it("retakes a dead sender's claimed mail once its lease expires, not before, with the same Message-ID", async () => {
    const [id] = await insertMails(1, 'orphan');
    // The dead sender claimed the mail and never came back: its send hangs and it renews nothing.
    const deadTransport = new GatedTransport();
    const dead = new MailOutbox({ db: database.db, transport: deadTransport, from: 'Reelmates <no-reply@reelmates.test>', logger, timing: { leaseMs: 1_500, renewMs: AN_HOUR } });
    void dead.processDue();
    await vi.waitFor(() => expect(deadTransport.attempted).toHaveLength(1));

    const transport = new MemoryTransport();
    const live = new MailOutbox({ db: database.db, transport, from: 'Reelmates <no-reply@reelmates.test>', logger });
    expect(await live.processDue()).toBe(0); // still leased
    await sleep(1_600);
    expect(await live.processDue()).toBe(1);
    const [row] = await rowsOf([id!]);
    expect(row).toMatchObject({ status: 'sent', attempts: 2, leaseToken: null });
    expect(transport.sent[0]!.messageId).toBe(`<${id}@reelmates.test>`);
    expect(transport.sent[0]!.messageId).toBe(deadTransport.attempted[0]!.messageId);
  });

  it('keeps its lease renewed while a slow send is in flight, so no other sender takes its mails', async () => {
    const ids = await insertMails(2, 'slow');
    const transport = new GatedTransport();
    const slow = new MailOutbox({ db: database.db, transport, from: 'x@y.z', logger, timing: { leaseMs: 1_000, renewMs: 100 } });
    const batch = slow.processDue();
    await vi.waitFor(() => expect(transport.attempted.length).toBeGreaterThan(0));

    const other = new MemoryTransport();
    const live = new MailOutbox({ db: database.db, transport: other, from: 'x@y.z', logger });
    for (let i = 0; i < 5; i++) {
      await sleep(600); // 3 s in all: three leases
      expect(await live.processDue()).toBe(0);
    }
    expect(slow.stats.renewals).toBeGreaterThanOrEqual(10);
    const held = await rowsOf(ids);
    expect(held.every((r) => r.status === 'pending' && r.leaseToken !== null && r.attempts === 1)).toBe(true);

    transport.release();
    expect(await batch).toBe(2);
    expect(other.sent).toHaveLength(0);
    expect(transport.sent.map((m) => m.subject).sort()).toEqual(['slow0', 'slow1']);
  });

  it('a sender whose lease ran out sends nothing more of its batch and cannot put back a row another sender holds', async () => {
    const ids = await insertMails(2, 'stalled');
    // Stalls on its first send past its lease (no renewals), then that send fails. One mail at a
    // time, so the second waits for the first.
    const transport = new GatedTransport(true);
    const stalled = new MailOutbox({ db: database.db, transport, from: 'x@y.z', logger, timing: { leaseMs: 200, renewMs: AN_HOUR, concurrency: 1 } });
    const batch = stalled.processDue();
    await vi.waitFor(() => expect(transport.attempted).toHaveLength(1));
    await sleep(300);

    const other = new MemoryTransport();
    const live = new MailOutbox({ db: database.db, transport: other, from: 'x@y.z', logger });
    expect(await live.processDue()).toBe(2);
    transport.release();
    expect(await batch).toBe(0);
    // Its failure did not turn the other sender's delivery back into a pending retry, and it never tried the second mail.
    expect(transport.attempted).toHaveLength(1);
    expect((await rowsOf(ids)).map((r) => ({ status: r.status, lastError: r.lastError, attempts: r.attempts }))).toEqual([
      { status: 'sent', lastError: null, attempts: 2 },
      { status: 'sent', lastError: null, attempts: 2 },
    ]);
  });

  it('delivers 200 mails exactly once with two senders running on one database', async () => {
    const transport = new MemoryTransport();
    const timing = { batchSize: 10, pollMs: 20 };
    const a = new MailOutbox({ db: database.db, transport, from: 'x@y.z', logger, timing });
    const b = new MailOutbox({ db: database.db, transport, from: 'x@y.z', logger, timing });
    a.start();
    b.start();
    try {
      const ids: string[] = [];
      for (let i = 0; i < 200; i++) ids.push((await (i % 2 ? a : b).enqueue({ ...mail, subject: `once${i}` }))!);
      await vi.waitFor(async () => expect((await rowsOf(ids)).filter((r) => r.status === 'sent')).toHaveLength(200), { timeout: 25_000, interval: 50 });
      const subjects = transport.sent.map((m) => m.subject).filter((s) => s.startsWith('once'));
      expect(subjects).toHaveLength(200);
      expect(new Set(subjects).size).toBe(200);
      expect(a.stats.batches).toBeGreaterThan(0);
      expect(b.stats.batches).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("makes the Message-ID from the row id and the sender's domain", () => {
    expect(messageIdFor('0b0e', 'Reelmates <no-reply@reelmates.example>')).toBe('<0b0e@reelmates.example>');
    expect(messageIdFor('0b0e', 'plain@mail.example')).toBe('<0b0e@mail.example>');
    expect(messageIdFor('0b0e', 'no address')).toBe('<0b0e@reelmates.local>');
  });
});
