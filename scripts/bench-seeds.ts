/**
 * The bench's PostgreSQL data sets (scripts/bench.ts): a database of its own, a profile owner with
 * 500 favorites and 2,000 followers, a forum with 10,000 threads and a thread with 2,000 replies, and
 * the Following tab's activities. Written straight into a migrated database, not through the API.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { recount } from '../src/server/modules/demo/counts';
import { forumThreads, threadReplies } from '../src/server/modules/demo/forum-shape';

export const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const PROFILE_FAVORITES = 500;
export const PROFILE_FOLLOWERS = 2_000;

/** A new empty database on the local PostgreSQL, or the reason there is none. */
export async function createBenchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | { skip: string }> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    return { skip: `PostgreSQL does not answer at ${new URL(PG_ADMIN_URL).host} (${(error as Error).message})` };
  }
  const name = `reelmates_bench_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: PG_ADMIN_URL });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return { url: url.toString(), drop };
}

/** The profile owner, their favorites and their followers, straight into the migrated database. */
export async function seedProfile(databaseUrl: string): Promise<string> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const star = 'bench-star';
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO "user" (id, name, email, email_verified, username, display_username)
       SELECT 'bench-' || g, 'Bench ' || g, 'bench' || g || '@example.com', true, 'bench_' || g, 'bench_' || g FROM generate_series(1, $1) g`,
      [PROFILE_FOLLOWERS],
    );
    await db.query(
      `INSERT INTO "user" (id, name, email, email_verified, username, display_username) VALUES ($1, 'Bench Star', 'star@example.com', true, 'bench_star', 'bench_star')`,
      [star],
    );
    await db.query(
      `INSERT INTO profiles (id, full_name, bio, following_count) SELECT id, name, 'Here for the bench.', CASE WHEN id = $1 THEN 0 ELSE 1 END FROM "user" WHERE id LIKE 'bench-%'`,
      [star],
    );
    await db.query(`INSERT INTO follows (follower_id, following_id) SELECT 'bench-' || g, $1 FROM generate_series(1, $2) g`, [star, PROFILE_FOLLOWERS]);
    await db.query(`UPDATE profiles SET followers_count = $2, instagram_url = 'https://instagram.com/bench' WHERE id = $1`, [star, PROFILE_FOLLOWERS]);
    await db.query(
      `INSERT INTO favorites (user_id, media_id, media_type, title, user_rating, genres)
       SELECT $1, g, CASE WHEN g % 3 = 0 THEN 'tv' ELSE 'movie' END, 'Title ' || g, 1 + g % 5, ARRAY['Drama'] FROM generate_series(1, $2) g`,
      [star, PROFILE_FAVORITES],
    );
    await db.query('COMMIT');
    await db.query('ANALYZE');
    return star;
  } finally {
    await db.end();
  }
}

export const FORUM_THREADS = 10_000;
export const THREAD_REPLIES = 2_000;

/** A forum with FORUM_THREADS threads (a few pinned) by the profile seed's users, one of them with THREAD_REPLIES replies. */
export async function seedForum(databaseUrl: string): Promise<{ forumId: string; threadId: string }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    const { rows: forums } = await db.query<{ id: string }>(
      `INSERT INTO forums (key, type, name, description, reference_type, reference_id, thread_count) VALUES ('title:movie:550', 'title', 'Fight Club', 'Bench forum', 'movie', 550, $1) RETURNING id`,
      [FORUM_THREADS],
    );
    const forumId = forums[0]!.id;
    // Threads and replies from the shared generator (decision 040), by the profile seed's users; the newest thread gets the replies.
    const threads = forumThreads({ seed: 'bench-forum', count: FORUM_THREADS, authors: PROFILE_FOLLOWERS, subject: { kind: 'title', title: 'Fight Club' }, pinnedEvery: 2500 });
    await db.query(
      `INSERT INTO forum_threads (forum_id, author_id, title, content, is_pinned, created_at, updated_at)
       SELECT $1, 'bench-' || (1 + author), title, content, pinned, now() - make_interval(mins => age), now() - make_interval(mins => age)
       FROM json_to_recordset($2::json) AS x(author int, title text, content text, pinned boolean, age int)`,
      [forumId, JSON.stringify(threads)],
    );
    const { rows: newest } = await db.query<{ id: string }>(`SELECT id FROM forum_threads WHERE forum_id = $1 AND NOT is_pinned ORDER BY created_at DESC LIMIT 1`, [forumId]);
    const threadId = newest[0]!.id;
    await db.query(
      `INSERT INTO forum_replies (thread_id, author_id, content, created_at, updated_at)
       SELECT $1, 'bench-' || (1 + author), content, now() - make_interval(secs => age), now() - make_interval(secs => age)
       FROM json_to_recordset($2::json) AS x(author int, content text, age int)`,
      [threadId, JSON.stringify(threadReplies({ seed: 'bench-forum', count: THREAD_REPLIES, authors: PROFILE_FOLLOWERS }))],
    );
    await db.query(`UPDATE forum_threads SET reply_count = $2 WHERE id = $1`, [threadId, THREAD_REPLIES]);
    await db.query('COMMIT');
    await db.query('ANALYZE');
    return { forumId, threadId };
  } finally {
    await db.end();
  }
}

/**
 * Sets every profile's follow counters to what `follows` holds, with the demo's recount (decision
 * 040). The seeds insert follows by SQL, past the follow service that keeps the counters; without
 * this the feed's viewer (who follows 1,000) had a following_count of 0, and the first page took the
 * two-step read meant for people who follow few (decision 090): the bench measured a path no such
 * member takes.
 */
export async function recountFollows(db: pg.Client): Promise<void> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM profiles');
  await recount(drizzle(db), { users: rows.map((r) => r.id), threads: [], replies: [], forums: [] });
}

export const FEED_FOLLOWING = 1_000;
export const FEED_ACTIVITIES_EACH = 100;

/**
 * The feed's viewer follows FEED_FOLLOWING of the profile seed's users, each of whom (and the others
 * too) has FEED_ACTIVITIES_EACH activities spread over 60 days; one in 20 is private and one in 10
 * hides favorites, so the privacy filter has work to do.
 */
export async function seedFeed(databaseUrl: string, viewerId: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('BEGIN');
    await db.query(`UPDATE profiles SET is_private = (substr(id, 7)::int % 20 = 7), show_favorites = (substr(id, 7)::int % 10 <> 3) WHERE id ~ '^bench-[0-9]+$'`);
    await db.query(`INSERT INTO follows (follower_id, following_id) SELECT $1, 'bench-' || g FROM generate_series(1, $2) g`, [viewerId, FEED_FOLLOWING]);
    await db.query(
      `INSERT INTO activities (actor_id, kind, media_type, media_id, title, rating, created_at)
       SELECT 'bench-' || (1 + g % $1::int), (ARRAY['favorite','rating','watching','watchlist','thread'])[1 + g % 5], 'movie', g, 'Title ' || g, 1 + g % 5,
              now() - random() * interval '60 days'
       FROM generate_series(1, $1::int * $2::int) g`,
      [PROFILE_FOLLOWERS, FEED_ACTIVITIES_EACH],
    );
    await recountFollows(db);
    await db.query('COMMIT');
    await db.query('VACUUM ANALYZE activities');
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
}
