import { type SQL, sql } from 'drizzle-orm';
import { BOOST_MS } from '../../../shared/matches';
import { type Database, queryRows } from '../../db/client';
import { genreForumValues, titleForumValues } from '../forums/service';
import type { DemoCommunity, DemoTitle } from './community';

/**
 * Writes a generated community (decision 040) in the caller's transaction. Every row has a key
 * fixed by the plan (user ids, uuids from the seed, the natural keys of favorites, follows and
 * likes) and goes in with ON CONFLICT DO NOTHING, and every count beside the rows is recounted from
 * them at the end: so a second run writes nothing and changes nothing. A planned user whose
 * username or e-mail a real account already has is left out, with everything that needs them.
 */
const rows = (data: unknown[], columns: string) => sql`json_to_recordset(${JSON.stringify(data)}::json) AS x(${sql.raw(columns)})`;

async function insert(db: Database, query: SQL): Promise<number> {
  return (await queryRows<{ n: number }>(db, sql`WITH ins AS (${query} RETURNING 1) SELECT count(*)::int AS n FROM ins`))[0]!.n;
}

export interface WriteCounts {
  users: number;
  favorites: number;
  watchlist: number;
  follows: number;
  messages: number;
  forums: number;
  threads: number;
  replies: number;
  likes: number;
  reports: number;
  skippedUsers: string[];
}

const title = (t: DemoTitle) => ({
  media_type: t.type,
  media_id: t.id,
  title: t.title,
  poster_path: t.posterUrl,
  release_date: t.releaseDate,
  vote_average: t.voteAverage,
  genres: t.genres,
});
const TITLE_COLUMNS = 'media_type text, media_id int, title text, poster_path text, release_date text, vote_average real, genres text[]';

export async function writeCommunity(db: Database, plan: DemoCommunity, avatars: Map<string, string>): Promise<WriteCounts> {
  const u = plan.users;
  const users = await insert(
    db,
    sql`INSERT INTO "user" (id, name, email, email_verified, username, display_username, created_at, updated_at)
        SELECT id, full_name, email, true, username, username, now() - make_interval(days => age), now() - make_interval(days => age)
        FROM ${rows(
          u.map((x) => ({ id: x.id, full_name: x.fullName, email: x.email, username: x.username, age: x.age })),
          'id text, full_name text, email text, username text, age int',
        )}
        ON CONFLICT DO NOTHING`,
  );
  // Ours: planned ids whose row is a demo user's or was just made (profile still to come).
  const present = new Set(
    (
      await queryRows<{ id: string }>(
        db,
        sql`SELECT u.id FROM "user" u LEFT JOIN profiles p ON p.id = u.id WHERE u.id IN ${ids(u.map((x) => x.id))} AND (p.id IS NULL OR p.is_demo)`,
      )
    ).map((r) => r.id),
  );
  const has = (...idx: number[]) => idx.every((i) => present.has(u[i]!.id));
  const kept = u.filter((x) => present.has(x.id));
  await db.execute(sql`INSERT INTO profiles (id, full_name, bio, avatar_url, favorite_genres, is_demo, instagram_url, twitter_url, youtube_url, boost_expires_at, last_boost_used_at, created_at)
      SELECT id, full_name, bio, avatar_url, genres, true, instagram_url, twitter_url, youtube_url,
        CASE WHEN boosted THEN now() + make_interval(secs => ${BOOST_MS / 1000}) END, CASE WHEN boosted THEN now() END, now() - make_interval(days => age)
      FROM ${rows(
        kept.map((x) => ({
          id: x.id,
          full_name: x.fullName,
          bio: x.bio,
          avatar_url: avatars.get(x.id) ?? null,
          genres: x.genres,
          boosted: x.boosted,
          age: x.age,
          ...snake(x.links),
        })),
        'id text, full_name text, bio text, avatar_url text, genres text[], boosted boolean, age int, instagram_url text, twitter_url text, youtube_url text',
      )}
      ON CONFLICT DO NOTHING`);
  await db.execute(sql`INSERT INTO subscriptions (user_id, subscribed, subscription_tier, billing_interval, subscription_start, subscription_end)
      SELECT id, true, 'premium', 'yearly', now(), now() + interval '1 year' FROM ${rows(
        kept.filter((x) => x.premium).map((x) => ({ id: x.id })),
        'id text',
      )} ON CONFLICT DO NOTHING`);

  const favorites = await insert(
    db,
    sql`INSERT INTO favorites (user_id, media_type, media_id, title, poster_path, release_date, vote_average, genres, user_rating, created_at)
        SELECT user_id, media_type, media_id, title, poster_path, release_date, vote_average, genres, rating, now() - make_interval(hours => n)
        FROM ${rows(
          plan.favorites.filter((f) => has(f.user)).map((f, n) => ({ user_id: u[f.user]!.id, rating: f.rating, n, ...title(f.title) })),
          `user_id text, rating int, n int, ${TITLE_COLUMNS}`,
        )} ON CONFLICT DO NOTHING`,
  );
  const watchlist = await insert(
    db,
    sql`INSERT INTO watchlist (user_id, media_type, media_id, title, poster_path, release_date, vote_average, genres)
        SELECT user_id, media_type, media_id, title, poster_path, release_date, vote_average, genres
        FROM ${rows(
          plan.watchlist.filter((f) => has(f.user)).map((f) => ({ user_id: u[f.user]!.id, ...title(f.title) })),
          `user_id text, ${TITLE_COLUMNS}`,
        )} ON CONFLICT DO NOTHING`,
  );
  const follows = await insert(
    db,
    sql`INSERT INTO follows (follower_id, following_id) SELECT a, b FROM ${rows(
      plan.follows.filter((f) => has(f.from, f.to)).map((f) => ({ a: u[f.from]!.id, b: u[f.to]!.id })),
      'a text, b text',
    )} ON CONFLICT DO NOTHING`,
  );
  const messages = await insert(
    db,
    sql`INSERT INTO messages (id, user_a, user_b, sender_id, receiver_id, content, read, created_at)
        SELECT id, least(s, r), greatest(s, r), s, r, content, true, now() - make_interval(mins => n)
        FROM ${rows(
          plan.conversations
            .filter((c) => has(c.a, c.b))
            .flatMap((c) => c.messages.map((m, k) => ({ id: m.id, s: u[m.from]!.id, r: u[m.from === c.a ? c.b : c.a]!.id, content: m.text, n: (c.messages.length - k) * 7 }))),
          'id uuid, s text, r text, content text, n int',
        )} ON CONFLICT DO NOTHING`,
  );

  const threads = plan.threads.filter((t) => has(t.author));
  const forumRows = [...new Map(threads.map((t) => [forumKey(t.forum), forumRow(t.forum)])).values()];
  const madeForums = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO forums (key, type, name, description, reference_type, reference_id, genre_name)
        SELECT key, type, name, description, reference_type, reference_id, genre_name
        FROM ${rows(forumRows, 'key text, type text, name text, description text, reference_type text, reference_id int, genre_name text')}
        ON CONFLICT (key) DO NOTHING RETURNING id`,
  );
  if (madeForums.length) await db.execute(sql`INSERT INTO demo_forums (forum_id) SELECT id::uuid FROM ${rows(madeForums, 'id text')} ON CONFLICT DO NOTHING`);
  const threadCount = await insert(
    db,
    sql`INSERT INTO forum_threads (id, forum_id, author_id, title, content, created_at, updated_at)
        SELECT x.id, f.id, x.author, x.title, x.content, now() - make_interval(days => x.age), now() - make_interval(days => x.age)
        FROM ${rows(
          threads.map((t) => ({ id: t.id, key: forumKey(t.forum), author: u[t.author]!.id, title: t.title, content: t.content, age: t.age })),
          'id uuid, key text, author text, title text, content text, age int',
        )} JOIN forums f ON f.key = x.key ON CONFLICT DO NOTHING`,
  );
  const replyRows = threads.flatMap((t) =>
    t.replies
      .filter((r) => has(r.author))
      .map((r, k) => ({ id: r.id, thread: t.id, author: u[r.author]!.id, parent: r.parent, content: r.content, at: t.age * 1440 - (k + 1) * 37 })),
  );
  const keptReplies = new Set(replyRows.map((r) => r.id));
  const replyInsert = (list: typeof replyRows) =>
    insert(
      db,
      sql`INSERT INTO forum_replies (id, thread_id, author_id, parent_reply_id, content, created_at, updated_at)
          SELECT id, thread, author, parent, content, now() - make_interval(mins => greatest(at, 1)), now() - make_interval(mins => greatest(at, 1))
          FROM ${rows(list, 'id uuid, thread uuid, author text, parent uuid, content text, at int')} ON CONFLICT DO NOTHING`,
    );
  const replies = (await replyInsert(replyRows.filter((r) => r.parent === null))) + (await replyInsert(replyRows.filter((r) => r.parent !== null && keptReplies.has(r.parent))));
  const likes = await insert(
    db,
    sql`INSERT INTO thread_likes (thread_id, user_id) SELECT thread, who FROM ${rows(
      threads.flatMap((t) => t.likes.filter((l) => has(l)).map((l) => ({ thread: t.id, who: u[l]!.id }))),
      'thread uuid, who text',
    )} ON CONFLICT DO NOTHING`,
  );
  const reports =
    (await insert(
      db,
      sql`INSERT INTO reports (id, reporter_id, reported_id, reason) SELECT id, a, b, reason FROM ${rows(
        plan.reports.filter((r) => has(r.reporter, r.reported)).map((r) => ({ id: r.id, a: u[r.reporter]!.id, b: u[r.reported]!.id, reason: r.reason })),
        'id uuid, a text, b text, reason text',
      )} ON CONFLICT DO NOTHING`,
    )) +
    (await insert(
      db,
      sql`INSERT INTO reported_posts (id, reporter_id, reason, thread_id, message) SELECT x.id, a, 'spam', thread, 'Looks like an advert.' FROM ${rows(
        plan.postReports.filter((r) => has(r.reporter)).map((r) => ({ id: r.id, a: u[r.reporter]!.id, thread: r.thread })),
        'id uuid, a text, thread uuid',
      )} JOIN forum_threads t ON t.id = x.thread ON CONFLICT DO NOTHING`,
    ));
  return {
    users,
    favorites,
    watchlist,
    follows,
    messages,
    forums: madeForums.length,
    threads: threadCount,
    replies,
    likes,
    reports,
    skippedUsers: u.filter((x) => !present.has(x.id)).map((x) => x.username),
  };
}

const ids = (list: string[]) => sql`(SELECT json_array_elements_text(${JSON.stringify(list)}::json))`;
const snake = (l: { instagramUrl?: string; twitterUrl?: string; youtubeUrl?: string }) => ({
  instagram_url: l.instagramUrl ?? null,
  twitter_url: l.twitterUrl ?? null,
  youtube_url: l.youtubeUrl ?? null,
});
const forumKey = (f: DemoCommunity['threads'][number]['forum']) => forumRow(f).key;
function forumRow(f: DemoCommunity['threads'][number]['forum']) {
  const v = f.kind === 'title' ? titleForumValues(f.title.type, f.title.id, f.title.title) : genreForumValues(f.genre);
  return { reference_type: null, reference_id: null, genre_name: null, ...snakeForum(v) };
}
function snakeForum(v: ReturnType<typeof titleForumValues> | ReturnType<typeof genreForumValues>) {
  return 'genreName' in v
    ? { key: v.key, type: v.type, name: v.name, description: v.description, genre_name: v.genreName }
    : { key: v.key, type: v.type, name: v.name, description: v.description, reference_type: v.referenceType, reference_id: v.referenceId };
}
