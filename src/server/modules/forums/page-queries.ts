import { type SQL, sql } from 'drizzle-orm';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { blockedEitherWay, mutedBy } from '../safety/service';

/**
 * A timestamp column as the API writes it (ISO 8601, UTC, milliseconds, as Date#toISOString), made by
 * PostgreSQL: parsing timestamps back into Dates was the largest share of the server's CPU a page.
 */
export const isoOf = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A thread or reply as the statements answer it. */
interface PostRow {
  id: string;
  authorId: string;
  content: string;
  likeCount: number;
  createdAt: string;
  updatedAt: string;
  username: string;
  avatarUrl: string | null;
  foundingMember: boolean | null;
  likedByMe: boolean;
  authorHidden: boolean;
  mutedAuthor: boolean;
}
export interface ThreadRow extends PostRow {
  forumId: string;
  title: string;
  isPinned: boolean;
  replyCount: number;
  followCount: number;
  followedByMe: boolean;
}
export interface ReplyRow extends PostRow {
  threadId: string;
  parentReplyId: string | null;
}

/**
 * The author (hidden between a blocked pair, ruling 28; muted) and the viewer's like and follow, by
 * key probes per row. `viewer` is a parameter or a column of an outer query (one viewer per key).
 */
const authorColumns = (authorId: SQL, viewer: SQL) => sql`
  coalesce(u.display_username, u.username) AS username, p.avatar_url AS "avatarUrl", p.founding_member AS "foundingMember",
  ${blockedEitherWay(authorId, viewer)} AS "authorHidden", ${mutedBy(viewer, authorId)} AS "mutedAuthor"`;

/** SELECT … FROM forum_threads t with the thread's author and the viewer's state; the caller adds WHERE. */
export const threadSelect = (viewer: SQL) => sql`
  SELECT t.id, t.forum_id AS "forumId", t.author_id AS "authorId", t.title, t.content, t.is_pinned AS "isPinned",
         t.reply_count AS "replyCount", t.like_count AS "likeCount", t.follow_count AS "followCount",
         ${isoOf('t.created_at')} AS "createdAt", ${isoOf('t.updated_at')} AS "updatedAt",
         EXISTS (SELECT 1 FROM thread_likes l WHERE l.thread_id = t.id AND l.user_id = ${viewer}) AS "likedByMe",
         EXISTS (SELECT 1 FROM thread_follows f WHERE f.thread_id = t.id AND f.user_id = ${viewer}) AS "followedByMe",
         ${authorColumns(sql`t.author_id`, viewer)}
  FROM forum_threads t JOIN "user" u ON u.id = t.author_id LEFT JOIN profiles p ON p.id = t.author_id`;

/** SELECT … FROM forum_replies r with the reply's author and the viewer's like; the caller adds WHERE. */
export const replySelect = (viewer: SQL) => sql`
  SELECT r.id, r.thread_id AS "threadId", r.author_id AS "authorId", r.parent_reply_id AS "parentReplyId", r.content,
         r.like_count AS "likeCount", ${isoOf('r.created_at')} AS "createdAt", ${isoOf('r.updated_at')} AS "updatedAt",
         EXISTS (SELECT 1 FROM reply_likes l WHERE l.reply_id = r.id AND l.user_id = ${viewer}) AS "likedByMe",
         ${authorColumns(sql`r.author_id`, viewer)}
  FROM forum_replies r JOIN "user" u ON u.id = r.author_id LEFT JOIN profiles p ON p.id = r.author_id`;

/** What a page read is asked: whose list (a forum or a thread), for whom, after which item, how many rows. */
export interface PageKey {
  parent: string;
  viewer: string;
  after: string | null;
  limit: number;
}
/** A page's rows and whether its forum or thread exists (a 404 needs no second statement). */
export interface PageRows<R> {
  parentExists: boolean;
  rows: R[];
}

const keyOf = (k: PageKey) => JSON.stringify([k.parent, k.viewer, k.after, k.limit]);
const fromKey = (key: string): PageKey => {
  const [parent, viewer, after, limit] = JSON.parse(key) as [string, string, string | null, number];
  return { parent, viewer, after, limit };
};

const ZERO_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * The keys of a batch, unnested: k(key, parent, viewer, after, lim), and per key its cursor c: the
 * row `after` names in the same parent, or for a first page a sentinel beyond every row. The keyset
 * condition is then a plain row comparison with outer values, which the parent's ordering index
 * answers as an index condition (no OFFSET, no filter walking earlier pages). An `after` that names
 * no row of the parent yields no cursor, so the key gets no row: an empty page, as before.
 */
const keysWithCursor = (table: SQL, columns: SQL, parentColumn: SQL, sentinel: SQL) => sql`
  unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('parents')}::uuid[], ${sql.placeholder('viewers')}::text[],
         ${sql.placeholder('afters')}::uuid[], ${sql.placeholder('limits')}::int[]) AS k(key, parent, viewer, after, lim)
  CROSS JOIN LATERAL (
    SELECT ${columns} FROM ${table} cur WHERE cur.id = k.after AND ${parentColumn} = k.parent
    UNION ALL SELECT ${sentinel} WHERE k.after IS NULL
  ) c`;

function selectThreadPages(db: Database) {
  const page = sql`SELECT coalesce(json_agg(x), '[]'::json) FROM (
      ${threadSelect(sql`k.viewer`)}
      WHERE t.forum_id = k.parent AND (t.is_pinned, t.created_at, t.id) < (c.is_pinned, c.created_at, c.id)
      ORDER BY t.is_pinned DESC, t.created_at DESC, t.id DESC LIMIT k.lim) x`;
  return db
    .select({ key: sql<string>`k.key`, parentExists: sql<boolean>`EXISTS (SELECT 1 FROM forums f WHERE f.id = k.parent)`, rows: sql<ThreadRow[]>`(${page})` })
    .from(
      keysWithCursor(
        sql`forum_threads`,
        sql`cur.is_pinned, cur.created_at, cur.id`,
        sql`cur.forum_id`,
        sql`true AS is_pinned, 'infinity'::timestamptz AS created_at, ${sql.raw(`'${ZERO_UUID}'`)}::uuid AS id`,
      ),
    )
    .prepare('forum_thread_pages');
}

function selectReplyPages(db: Database) {
  const page = sql`SELECT coalesce(json_agg(x), '[]'::json) FROM (
      ${replySelect(sql`k.viewer`)}
      WHERE r.thread_id = k.parent AND (r.created_at, r.id) > (c.created_at, c.id)
      ORDER BY r.created_at, r.id LIMIT k.lim) x`;
  return db
    .select({ key: sql<string>`k.key`, parentExists: sql<boolean>`EXISTS (SELECT 1 FROM forum_threads ft WHERE ft.id = k.parent)`, rows: sql<ReplyRow[]>`(${page})` })
    .from(
      keysWithCursor(sql`forum_replies`, sql`cur.created_at, cur.id`, sql`cur.thread_id`, sql`'-infinity'::timestamptz AS created_at, ${sql.raw(`'${ZERO_UUID}'`)}::uuid AS id`),
    )
    .prepare('forum_reply_pages');
}

/** A batched page read over one prepared statement per database (decision 022; ADR 066). */
function pageReader<R>(prepare: (db: Database) => { execute: (p: Record<string, unknown>) => Promise<{ key: string; parentExists: boolean; rows: R[] }[]> }) {
  const statementOf = preparedPerDatabase(prepare);
  const load = batchedRead<string, PageRows<R>>(
    async (db, keys) => {
      const statement = statementOf(db);
      const asked = keys.map(fromKey);
      const found = await statement.execute({
        keys,
        parents: asked.map((k) => k.parent),
        viewers: asked.map((k) => k.viewer),
        afters: asked.map((k) => k.after),
        limits: asked.map((k) => k.limit),
      });
      return new Map(found.map((r) => [r.key, { parentExists: r.parentExists, rows: r.rows }]));
    },
    // No row for a key: its cursor named no row of the parent, so the page after it is empty.
    () => ({ parentExists: true, rows: [] }),
  );
  return (db: Database, key: PageKey) => load(db, keyOf(key));
}

/** A page of a forum's threads (pinned first, then newest), with each author and the viewer's state. */
export const threadPage = pageReader<ThreadRow>(selectThreadPages);
/** A page of a thread's replies (oldest first), with each author and the viewer's like. */
export const replyPage = pageReader<ReplyRow>(selectReplyPages);
