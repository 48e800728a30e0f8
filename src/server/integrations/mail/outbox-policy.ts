/** How the mail outbox paces and retries its sends, and what it names each mail (decisions 003, 049). */

/** RFC 3834: a mail sent by a program on an event, not in answer to a person: no auto-replies to it. */
export const AUTO_GENERATED = { 'Auto-Submitted': 'auto-generated' } as const;

const MAX_BACKOFF_MS = 60 * 60 * 1000;
const BASE_BACKOFF_MS = 5_000;

/**
 * How the worker paces itself. A dead sender's claimed mails are retried by another sender after
 * at most `leaseMs` (since its last renewal) plus `pollMs`: 15 s + 2 s by default, within the 30 s
 * the multi-instance setup promises (see docs/decisions/003-durable-mail-outbox.md).
 */
export interface OutboxTiming {
  /** The wait between two runs when the last one found less than a full batch. */
  pollMs: number;
  /** How long a claim holds its rows before another sender may take them. */
  leaseMs: number;
  /** How often a sender still working on its batch extends the lease (well under leaseMs). */
  renewMs: number;
  /** Rows claimed in one statement; a full batch is followed at once by the next. */
  batchSize: number;
  /** Mails of a batch in flight at once: the transport's waits (disk, SMTP connections) overlap. */
  concurrency: number;
  /**
   * How long a relay may keep refusing a mail with a temporary (4xx) answer, counted from the
   * mail's creation, before that counts as a bounce: the mail fails and its address is marked.
   */
  retryWindowMs: number;
}

export const DEFAULT_TIMING: OutboxTiming = { pollMs: 2_000, leaseMs: 15_000, renewMs: 5_000, batchSize: 50, concurrency: 8, retryWindowMs: 3 * 24 * 60 * 60_000 };

/**
 * Exponential backoff capped at an hour: a mail is retried for as long as the failure is ours or the
 * connection's. Only the relay refusing the recipient or message ends it (decision 049).
 */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * The mail's Message-ID: made from the outbox row's id, so every attempt at the same row (a retry
 * after a failure or after a sender died mid-send) carries the same one, and a receiver can
 * recognise the duplicate. The right-hand side is the sender address's domain.
 */
export function messageIdFor(id: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'reelmates.local';
  return `<${id}@${domain}>`;
}
