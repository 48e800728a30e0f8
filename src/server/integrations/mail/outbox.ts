import { eq, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { Logger } from '../../logger';
import type { MailTransport } from './transport';

export interface MailContent {
  to: string;
  subject: string;
  html: string;
  text: string;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const BASE_BACKOFF_MS = 5_000;
const CLAIM_BATCH = 10;

/** Exponential backoff capped at an hour: a mail is retried for as long as it takes, never dropped. */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

interface ClaimedRow {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  created_at: string | Date;
}

export class MailOutbox {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly deps: {
      db: Database;
      transport: MailTransport | null;
      from: string;
      logger: Logger;
      pollMs?: number;
    },
  ) {}

  get transportName() {
    return this.deps.transport?.name ?? null;
  }

  /** Stores the mail; the worker sends it. Pass a transaction to make the mail part of it. */
  async enqueue(mail: MailContent, db: Database = this.deps.db): Promise<string> {
    const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    this.kick();
    return row!.id;
  }

  start() {
    if (!this.deps.transport || !this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.deps.transport?.close?.();
  }

  private kick() {
    if (!this.stopped) this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.running) return this.schedule(50);
      this.running = this.processDue()
        .then(() => undefined)
        .catch((error) => this.deps.logger.error({ err: error }, 'mail outbox run failed'))
        .finally(() => {
          this.running = undefined;
          if (!this.stopped) this.schedule(this.deps.pollMs ?? 2_000);
        });
    }, delay);
    this.timer.unref();
  }

  /** Sends every due mail once; returns how many were sent. Safe to run from several processes. */
  async processDue(): Promise<number> {
    const transport = this.deps.transport;
    if (!transport) return 0;
    const claimed = await queryRows<ClaimedRow>(this.deps.db, sql`
      UPDATE mail_outbox SET locked_until = now() + interval '2 minutes', attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM mail_outbox
        WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at
        LIMIT ${CLAIM_BATCH}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, "to", subject, html, text, attempts, created_at`);
    let sent = 0;
    for (const row of claimed) {
      try {
        await transport.send({ ...row, from: this.deps.from, createdAt: new Date(row.created_at) });
        await this.deps.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, transport: transport.name, lastError: null })
          .where(eq(mailOutbox.id, row.id));
        sent++;
      } catch (error) {
        const wait = backoffMs(row.attempts);
        this.deps.logger.warn({ mailId: row.id, attempts: row.attempts, retryInMs: wait, err: error }, 'mail send failed; will retry');
        await this.deps.db
          .update(mailOutbox)
          .set({ lockedUntil: null, nextAttemptAt: new Date(Date.now() + wait), lastError: String((error as Error).message ?? error).slice(0, 500) })
          .where(eq(mailOutbox.id, row.id));
      }
    }
    if (sent === CLAIM_BATCH) this.kick();
    return sent;
  }
}
