import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../../logger';
import { backoffMs, DEFAULT_TIMING, messageIdFor, type OutboxTiming } from './outbox-policy';
import { MailRefused, type MailTransport } from './transport';
import { bounceReason, markFailed, markSent } from './undeliverable';

export interface MailContent {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The address replies should go to, when not the sender (a contact-form mail: the visitor). */
  replyTo?: string | null;
  /** Further headers, such as `Auto-Submitted` (see AUTO_GENERATED). */
  headers?: Record<string, string>;
}

export { AUTO_GENERATED, backoffMs, DEFAULT_TIMING, messageIdFor, type OutboxTiming } from './outbox-policy';

interface ClaimedRow {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  reply_to: string | null;
  headers: Record<string, string> | string | null;
  attempts: number;
  created_at: string | Date;
}

/** What the worker has done since it was made: how it paced itself, for tests and the log. */
export interface OutboxStats {
  /** Claim statements run (each a batch, possibly empty). */
  batches: number;
  /** Times the worker went idle for `pollMs` because the last batch was not full. */
  pollWaits: number;
  /** Lease renewals of a batch still in flight. */
  renewals: number;
}

export class MailOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  /** A wake-up arrived during a run: run again when it ends instead of waiting for the poll. */
  private again = false;
  private stopped = true;
  private readonly timing: OutboxTiming;
  readonly stats: OutboxStats = { batches: 0, pollWaits: 0, renewals: 0 };

  constructor(
    private readonly deps: {
      db: Database;
      transport: MailTransport | null;
      from: string;
      logger: Logger;
      timing?: Partial<OutboxTiming>;
    },
  ) {
    this.timing = { ...DEFAULT_TIMING, ...deps.timing };
  }

  get transportName() {
    return this.deps.transport?.name ?? null;
  }

  /**
   * Stores the mail; the worker sends it. Pass a transaction to make the mail part of it. A mail to
   * a member of the demo community (`npm run seed`, decision 040) is not stored at all: null.
   */
  async enqueue(mail: MailContent, db: Database = this.deps.db): Promise<string | null> {
    const [demo] = await queryRows<{ demo: boolean }>(
      db,
      sql`SELECT true AS demo FROM "user" u JOIN profiles p ON p.id = u.id WHERE p.is_demo AND u.email IN (${mail.to}, ${mail.to.trim().toLowerCase()}) LIMIT 1`,
    );
    if (demo) return null;
    const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    this.wake();
    return row!.id;
  }

  /**
   * A mail was stored by a statement of the caller's own (notify() writes the notification and its
   * mail in one statement, demo members left out as enqueue leaves them out): the worker runs.
   */
  stored() {
    this.wake();
  }

  start() {
    if (!this.deps.transport || !this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /** Stops the worker after the batch in flight (whose lease it renews until then). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    await this.deps.transport?.close?.();
  }

  /** Runs now, or right after the run in flight: a wake-up is never lost to the poll. */
  private wake() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.drain()
      .catch((error) => this.deps.logger.error({ err: error }, 'mail outbox run failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) return this.wake();
        this.stats.pollWaits++;
        this.timer = setTimeout(() => this.wake(), this.timing.pollMs);
        this.timer.unref();
      });
  }

  /** Batch after batch while they come back full (or a wake-up arrived meanwhile). */
  private async drain() {
    for (;;) {
      this.again = false;
      const { claimed } = await this.runBatch();
      if (this.stopped) return;
      if (claimed < this.timing.batchSize && !this.again) return;
    }
  }

  /** Claims one batch of due mails and sends it; returns how many were sent. Safe to run from several processes. */
  async processDue(): Promise<number> {
    return (await this.runBatch()).sent;
  }

  private async runBatch(): Promise<{ claimed: number; sent: number }> {
    const transport = this.deps.transport;
    if (!transport) return { claimed: 0, sent: 0 };
    const { leaseMs, renewMs, batchSize, concurrency } = this.timing;
    const token = randomUUID();
    // The lease runs from the database's clock; counted locally from before the claim, it ends no later here.
    let leaseEndsAt = Date.now() + leaseMs;
    this.stats.batches++;
    const claimed = await queryRows<ClaimedRow>(
      this.deps.db,
      sql`
      UPDATE mail_outbox
      SET locked_until = now() + ${leaseMs}::integer * interval '1 millisecond', lease_token = ${token}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, "to", subject, html, text, reply_to, headers, attempts, created_at`,
    );
    if (claimed.length === 0) return { claimed: 0, sent: 0 };

    // A slow transport (SMTP) may take longer than the lease for a batch: renew it while we work.
    let renewing: Promise<void> | undefined;
    const renew = setInterval(() => {
      if (renewing) return;
      const startedAt = Date.now();
      renewing = this.deps.db
        .execute(
          sql`UPDATE mail_outbox SET locked_until = now() + ${leaseMs}::integer * interval '1 millisecond'
          WHERE lease_token = ${token} AND status = 'pending'`,
        )
        .then(() => {
          leaseEndsAt = startedAt + leaseMs;
          this.stats.renewals++;
        })
        .catch((error) => this.deps.logger.warn({ err: error }, 'mail outbox lease renewal failed'))
        .finally(() => (renewing = undefined));
    }, renewMs);
    renew.unref();

    // Sent mails are marked as soon as they are sent, in one statement for all those that finished
    // while the previous one ran: one mail alone when the outbox is quiet, a group when it drains
    // fast. A crash repeats at most the mails in flight and that group, with the same Message-IDs.
    const delivered: string[] = [];
    let marking: Promise<void> | undefined;
    const markDelivered = () => {
      if (marking) return;
      marking = (async () => {
        while (delivered.length > 0) await markSent(this.deps.db, delivered.splice(0), transport.name);
      })()
        .catch((error) => this.deps.logger.error({ err: error }, 'mail outbox could not mark sent mails; they will be sent again after their lease'))
        .finally(() => {
          marking = undefined;
          // One that finished after the loop's last look.
          if (delivered.length > 0) markDelivered();
        });
    };

    let sent = 0;
    let next = 0;
    const lane = async () => {
      while (next < claimed.length) {
        if (Date.now() >= leaseEndsAt) {
          // Our lease may have been taken over: leave the rest to whoever holds it now.
          this.deps.logger.warn({ left: claimed.length - next }, 'mail outbox lease ran out mid-batch; leaving the rest');
          next = claimed.length;
          return;
        }
        const row = claimed[next++]!;
        if (await this.sendOne(transport, row, token)) {
          sent++;
          delivered.push(row.id);
          markDelivered();
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(Math.max(1, concurrency), claimed.length) }, lane));
    } finally {
      while (marking) await marking;
      clearInterval(renew);
      await renewing;
    }
    return { claimed: claimed.length, sent };
  }

  private async sendOne(transport: MailTransport, row: ClaimedRow, token: string): Promise<boolean> {
    try {
      const { reply_to, headers, created_at, ...mail } = row;
      await transport.send({
        ...mail,
        from: this.deps.from,
        replyTo: reply_to,
        // Raw SQL rows: PGlite parses jsonb, node-postgres too, but be sure.
        headers: typeof headers === 'string' ? (JSON.parse(headers) as Record<string, string>) : (headers ?? {}),
        createdAt: new Date(created_at),
        messageId: messageIdFor(row.id, this.deps.from),
      });
    } catch (error) {
      if (error instanceof MailRefused) {
        const reason = bounceReason(error, new Date(row.created_at), this.timing.retryWindowMs);
        if (reason !== null) {
          this.deps.logger.warn({ mailId: row.id, attempts: row.attempts, response: error.response }, 'mail refused by the relay; not retried, address marked undeliverable');
          await markFailed(this.deps.db, row.id, token, reason);
          return false;
        }
      }
      const wait = backoffMs(row.attempts);
      this.deps.logger.warn({ mailId: row.id, attempts: row.attempts, retryInMs: wait, err: error }, 'mail send failed; will retry');
      // Only our own claim puts the row back: a sender that took it over keeps its lease.
      await this.deps.db.execute(sql`
        UPDATE mail_outbox SET locked_until = NULL, lease_token = NULL, next_attempt_at = ${new Date(Date.now() + wait).toISOString()}::timestamptz,
          last_error = ${String((error as Error).message ?? error).slice(0, 500)}
        WHERE id = ${row.id} AND lease_token = ${token} AND status = 'pending'`);
      return false;
    }
    return true;
  }
}
