import { type SQL, sql } from 'drizzle-orm';
import { FEED_CURSOR, type FeedItem, type FeedKind, type FeedPage, FEED_PAGE_SIZE } from '../../../shared/feed';
import type { MediaType } from '../../../shared/catalogue';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import { type Database, queryRows } from '../../db/client';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { blockedPeopleOf, mutedBy } from '../safety/service';

interface FeedRow {
  id: string;
  kind: FeedKind;
  created_at: string;
  actor_id: string;
  username: string;
  full_name: string | null;
  avatar_url: string | null;
  media_type: MediaType | null;
  media_id: number | null;
  title: string;
  poster_path: string | null;
  rating: number | null;
  thread_id: string | null;
}

function parseCursor(before: string | undefined): { at: string; id: string } | null {
  if (!before) return null;
  if (!FEED_CURSOR.test(before)) throw errors.badRequest('Invalid cursor.');
  const [at, id] = before.split('|') as [string, string];
  return { at, id };
}

/** Whether the row's section is shown to others by the person's switches (ruling 9), or the viewer is an admin. */
const shownKind = (x: string, p: string) =>
  sql.raw(`(me.admin OR CASE ${x}.kind WHEN 'favorite' THEN ${p}.show_favorites WHEN 'rating' THEN ${p}.show_favorites
      WHEN 'watchlist' THEN ${p}.show_watchlist WHEN 'watching' THEN ${p}.show_currently_watching ELSE true END)`);

/**
 * How many of everyone's newest rows the fast path may walk through before it gives way to the
 * two-step read. The walk stops as soon as it has a page, so this bounds only the sparse case. It is
 * also what PostgreSQL weighs when it decides to memoize the per-row probe by author: at 2,000 rows
 * (about one per person in the bench) it expected no repeats and probed every row, 541 probes for a
 * page behind a stranger's 500 newest rows; at 4,000 it memoizes them, 41 probes.
 */
const FAST_WINDOWS = [4_000] as const;
/** The first page's rows: a page and one more, to know that more follow. */
const FIRST_TAKE = FEED_PAGE_SIZE + 1;

/**
 * The Following tab (decision 052). The people the viewer follows, as the viewer may see into them:
 * not banned, no block either way, and not private unless the viewer is an admin (ruling 9); each
 * row's section is judged by the person's show_* switches now (`shownKind`), so nothing about privacy
 * is stored with a row: turning private hides every row at once, turning public brings them back.
 *
 * Fast path: everyone's rows older than the cursor, newest first (one backward index-only walk of
 * `activities_created_idx`, at most 4,000 rows), kept when their person is followed and shown, until a
 * page is full. When that gives a full page it is the page (every row not walked is older than all of it).
 * Otherwise, the two-step read.
 */
export async function followingFeed(deps: AppDeps, viewerId: string, before?: string, limit = FEED_PAGE_SIZE, windows: readonly number[] = FAST_WINDOWS): Promise<FeedPage> {
  const cursor = parseCursor(before);
  const take = limit + 1;
  // No windows (tests) goes straight to the two-step read.
  let rows: FeedRow[] = [];
  if (!cursor && take === FIRST_TAKE && windows === FAST_WINDOWS) rows = await firstPage(deps.database.db, viewerId);
  else {
    for (const window of windows) {
      rows = await queryRows<FeedRow>(deps.database.db, recentWindow(viewerId, cursor, take, window));
      if (rows.length >= take) break;
    }
    if (rows.length < take) rows = await queryRows<FeedRow>(deps.database.db, twoStep(viewerId, cursor, take));
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit && last ? `${last.created_at}|${last.id}` : null,
  };
}

/**
 * LIMITs written into the statement rather than passed: small whole numbers of our own, and the plan
 * does not depend on a guess at a parameter (the pool plans generically: plan_cache_mode, decision 010).
 */
const int = (n: number) => sql.raw(String(Math.trunc(n)));

type Cursor = { at: string; id: string } | null;
const olderThan = (cursor: Cursor, x: string) => (cursor ? sql`AND (${sql.raw(x)}.created_at, ${sql.raw(x)}.id) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql``);

/** The viewer's admin flag, and the followed people they may see into, with their switches. */
function followedPeople(viewerId: unknown) {
  return sql`me AS (SELECT EXISTS (SELECT 1 FROM user_roles WHERE user_id = ${viewerId} AND role = 'admin') AS admin),
    fol AS MATERIALIZED (
      SELECT f.following_id AS actor_id, p.full_name, p.avatar_url, p.show_favorites, p.show_watchlist, p.show_currently_watching
      FROM me
      CROSS JOIN follows f
      JOIN profiles p ON p.id = f.following_id
      WHERE f.follower_id = ${viewerId}
        AND NOT p.is_banned
        AND (me.admin OR NOT p.is_private)
        AND f.following_id NOT IN ${blockedPeopleOf(viewerId)}
        AND NOT ${mutedBy(viewerId, sql`f.following_id`)}
    )`;
}

const columns = sql`a.id, a.kind, to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
  a.actor_id, u.username, fol.full_name, fol.avatar_url, a.media_type, a.media_id, a.title, a.poster_path, a.rating, a.thread_id`;

/**
 * The fast path: the followed, shown rows among everyone's newest `window` rows, walked newest first and
 * each checked by key probes of `follows` and `profiles` in a LATERAL (LIMIT 1 keeps it a per-row nested
 * loop, which PostgreSQL memoizes by person, so a prolific stranger's run of rows costs one probe). The
 * walk keeps the index order, so it stops at the `take`-th kept row: no list of the followed people is
 * built and no window is read further than the page needs. Only the kept rows are read in full.
 */
function recentWindow(viewerId: unknown, cursor: Cursor, take: number, window: number) {
  return sql`WITH me AS (SELECT EXISTS (SELECT 1 FROM user_roles WHERE user_id = ${viewerId} AND role = 'admin') AS admin),
    top AS (
      SELECT r.id, r.created_at, vis.full_name, vis.avatar_url
      FROM me
      CROSS JOIN (SELECT x.id, x.created_at, x.actor_id, x.kind FROM activities x WHERE true ${olderThan(cursor, 'x')}
                  ORDER BY x.created_at DESC, x.id DESC LIMIT ${int(window)}) r
      CROSS JOIN LATERAL (
        SELECT p.full_name, p.avatar_url
        FROM follows f
        JOIN profiles p ON p.id = f.following_id
        WHERE f.follower_id = ${viewerId}
          AND f.following_id = r.actor_id
          AND NOT p.is_banned
          AND (me.admin OR NOT p.is_private)
          AND ${shownKind('r', 'p')}
          AND r.actor_id NOT IN ${blockedPeopleOf(viewerId)}
          AND NOT ${mutedBy(viewerId, sql`r.actor_id`)}
        LIMIT 1
      ) vis
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT ${int(take)}
    )
    SELECT a.id, a.kind, to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
           a.actor_id, u.username, top.full_name, top.avatar_url, a.media_type, a.media_id, a.title, a.poster_path, a.rating, a.thread_id
    FROM top
    JOIN activities a ON a.id = top.id
    JOIN "user" u ON u.id = a.actor_id
    ORDER BY a.created_at DESC, a.id DESC`;
}

/**
 * Following this many people or fewer, the first page is the two-step read at once: it reads an
 * index entry per followed person and at most take² rows, where the walk through everyone's newest
 * rows read up to 4,000 (3,664 buffers a page in the bench, whose viewer follows six people; decision 090).
 * Past it the walk comes first, as it stops once a page is full. Both give the same page; the choice
 * is only what it costs.
 */
export const TWO_STEP_FIRST_UP_TO = 100;

/**
 * The hot read, the Following tab's first page, for every viewer who asks in the same turn of the
 * event loop (decision 022; nothing is cached, each request reads after it arrived): one prepared
 * statement (planned once per connection: its plan costs more than its execution) answers each
 * viewer's rows as a JSON array, by the two-step read for a viewer who follows few people and by the
 * fast path for the others; the fast path's viewers it leaves short of a page get the two-step read
 * together in a second one. So a batch costs one statement, at most two.
 */
const perViewer = (query: (viewer: SQL) => SQL) =>
  sql<FeedRow[]>`(SELECT coalesce(json_agg(feed ORDER BY feed.created_at DESC, feed.id DESC), '[]'::json) FROM (${query(sql`k.viewer`)}) feed)`;
const asked = sql`unnest(${sql.placeholder('viewers')}::text[]) AS k(viewer)`;
/** Each viewer asked, with whether they follow few enough people for the two-step read (read once a viewer). */
const askedByFollowing = sql`${asked} CROSS JOIN LATERAL (SELECT coalesce((SELECT p.following_count FROM profiles p WHERE p.id = k.viewer), 0)
  <= ${sql.raw(String(TWO_STEP_FIRST_UP_TO))} AS few) c`;
const twoStepPage = perViewer((v) => twoStep(v, null, FIRST_TAKE));
const fastFirstPages = (db: Database) =>
  db
    // A CASE runs only the branch it takes.
    .select({
      viewer: sql<string>`k.viewer`,
      complete: sql<boolean>`c.few`,
      rows: sql<FeedRow[]>`CASE WHEN c.few THEN ${twoStepPage} ELSE ${perViewer((v) => recentWindow(v, null, FIRST_TAKE, FAST_WINDOWS[0]))} END`,
    })
    .from(askedByFollowing)
    .prepare('feed_first_pages_by_size');
const slowFirstPages = (db: Database) =>
  db
    .select({ viewer: sql<string>`k.viewer`, rows: twoStepPage })
    .from(asked)
    .prepare('feed_first_pages_two_step');
const firstPageStatementsOf = preparedPerDatabase((db) => ({ fast: fastFirstPages(db), slow: slowFirstPages(db) }));
const firstPage = batchedRead<string, FeedRow[]>(
  async (db, viewers) => {
    const statements = firstPageStatementsOf(db);
    const first = await statements.fast.execute({ viewers });
    const pages = new Map(first.map((r) => [r.viewer, r.rows]));
    // The two-step read's pages are whole; a walk's page may be short of rows that lie further back.
    const short = first.filter((r) => !r.complete && r.rows.length < FIRST_TAKE).map((r) => r.viewer);
    if (short.length > 0) for (const r of await statements.slow.execute({ viewers: short })) pages.set(r.viewer, r.rows);
    return pages;
  },
  () => [],
);

/**
 * The two-step read, for when the followed people's rows are sparse among everyone's:
 *
 * 1. each followed person's newest shown row older than the cursor (one backward index-only probe of
 *    `activities_actor_created_idx`), keeping the `take` people whose newest is newest. A page's rows
 *    can only come from them: they alone have `take` rows at least as new as the newest of anyone
 *    left out;
 * 2. those people's newest `take` shown rows each, merged, newest first, `take` kept.
 *
 * Following 1,000 people this reads 1,000 index entries and at most take² rows, where reading each
 * person's page first would read 21,000.
 */
function twoStep(viewerId: unknown, cursor: Cursor, take: number) {
  return sql`WITH ${followedPeople(viewerId)},
    heads AS (
      SELECT fol.*
      FROM me
      CROSS JOIN fol
      CROSS JOIN LATERAL (
        SELECT x.created_at, x.id FROM activities x
        WHERE x.actor_id = fol.actor_id AND ${shownKind('x', 'fol')} ${olderThan(cursor, 'x')}
        ORDER BY x.created_at DESC, x.id DESC
        LIMIT 1
      ) newest
      ORDER BY newest.created_at DESC, newest.id DESC
      LIMIT ${int(take)}
    )
    SELECT ${columns}
    FROM me
    CROSS JOIN heads fol
    JOIN "user" u ON u.id = fol.actor_id
    CROSS JOIN LATERAL (
      SELECT x.* FROM activities x
      WHERE x.actor_id = fol.actor_id AND ${shownKind('x', 'fol')} ${olderThan(cursor, 'x')}
      ORDER BY x.created_at DESC, x.id DESC
      LIMIT ${int(take)}
    ) a
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${int(take)}`;
}

function toItem(r: FeedRow): FeedItem {
  return {
    id: r.id,
    kind: r.kind,
    createdAt: r.created_at,
    actor: { id: r.actor_id, username: r.username, fullName: r.full_name, avatarUrl: r.avatar_url },
    media: r.media_type && r.media_id !== null ? { mediaType: r.media_type, mediaId: r.media_id, title: r.title, posterPath: r.poster_path } : null,
    rating: r.rating,
    thread: r.thread_id ? { id: r.thread_id, title: r.title } : null,
  };
}
