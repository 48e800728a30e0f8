import { type SQL, sql } from 'drizzle-orm';
import { batchedRead, sharedRead } from '../../db/batch';
import { type Database, queryRows } from '../../db/client';
import { epochCache } from '../../db/epoch-cache';
import { keptPlan } from '../../db/kept-plans';
import { type ReadyAnswer, readyJson } from '../../http/public-answers';

/** How many mails the list shows (newest first). */
const LIST_SIZE = 200;
/** The lists kept ready per database (one per address asked, and everyone's). */
const KEPT_LISTS = 100;

/**
 * The dev mailbox's list (decision 089). The test suites and a developer's page ask for one address's
 * mails again and again, and the list carries every mail's text (tens of KB), so it is kept as a
 * ready answer (JSON plain and gzipped, an ETag) per address while its mails stay as they were.
 *
 * A mail's address, subject, text and date never change once written; its status and sentAt do (the
 * outbox worker), and mails are added. So a list is what it was while the ids, statuses and sentAt of
 * its newest 200 rows are: `stamp` is their digest. Each request reads the stamp, one cheap statement
 * shared by the requests of an event-loop turn that ask for the same address (sharedRead), and gets
 * the kept answer when it is the stamp the answer was read with, in the same statement. So a mail
 * written by any instance is in the next list, with no cache to clear.
 */
const newest = (to: string | null) =>
  sql`SELECT id, "to", subject, text, status, created_at, sent_at FROM mail_outbox
      ${to === null ? sql`` : sql`WHERE "to" = ${to}`} ORDER BY created_at DESC, id DESC LIMIT ${sql.raw(String(LIST_SIZE))}`;
const digest = sql`md5(coalesce(string_agg(m.id::text || ':' || m.status || ':' || coalesce(extract(epoch FROM m.sent_at)::text, ''), ',' ORDER BY m.id), ''))`;

/** The key of a list: the address, lowercased as the outbox stores it, or everyone's. */
export const listKey = (to: string | undefined) => (to ? `to:${to.toLowerCase()}` : 'all');
const addressOf = (key: string) => (key === 'all' ? null : key.slice(3));

const readStamp = sharedRead(async (db, key: string) => {
  const [row] = await queryRows<{ stamp: string }>(db, keptPlan(sql`SELECT ${digest} AS stamp FROM (${newest(addressOf(key))}) m`));
  return row!.stamp;
});

interface MailRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  status: 'pending' | 'sent' | 'failed';
  createdAt: string;
  sentAt: string | null;
}

const iso = (column: string): SQL => sql.raw(`to_char(m.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The list and its stamp, from one snapshot. */
const readList = sharedRead(async (db, key: string) => {
  const [row] = await queryRows<{ stamp: string; mails: MailRow[] | null }>(
    db,
    keptPlan(sql`SELECT ${digest} AS stamp,
        json_agg(json_build_object('id', m.id, 'to', m."to", 'subject', m.subject, 'text', m.text, 'status', m.status,
          'createdAt', ${iso('created_at')}, 'sentAt', CASE WHEN m.sent_at IS NULL THEN NULL ELSE ${iso('sent_at')} END)
          ORDER BY m.created_at DESC, m.id DESC) AS mails
      FROM (${newest(addressOf(key))}) m`),
  );
  return { stamp: row!.stamp, answer: readyJson(JSON.stringify({ mails: row!.mails ?? [] }), 'no-store', Number.MAX_SAFE_INTEGER) };
});

const kept = epochCache<ReadyAnswer>(KEPT_LISTS);

/** The list of `key`'s mails, ready to send: the kept one when its mails have not changed since. */
export async function mailList(db: Database, key: string): Promise<ReadyAnswer> {
  const stamp = { epoch: await readStamp(db, key), nowMs: 0, validUntilMs: null };
  const answer = kept.get(db, key, stamp);
  if (answer) return answer;
  const fresh = await readList(db, key);
  kept.set(db, key, { epoch: fresh.stamp, nowMs: 0, validUntilMs: null }, fresh.answer);
  return fresh.answer;
}

/**
 * One mail's HTML, read for all the requests of a turn in one statement (the ids, checked as UUIDs by
 * the route, travel as one array literal); null when there is no such mail.
 */
export const mailHtml = batchedRead<string, string | null>(
  async (db, ids) => {
    const rows = await queryRows<{ id: string; html: string }>(db, keptPlan(sql`SELECT id::text, html FROM mail_outbox WHERE id = ANY(${`{${ids.join(',')}}`}::uuid[])`));
    return new Map(rows.map((r) => [r.id, r.html]));
  },
  () => null,
);
