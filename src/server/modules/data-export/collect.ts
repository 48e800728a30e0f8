import { and, desc, eq, sql } from 'drizzle-orm';
import { letterboxdCsv } from '../../../shared/data-export';
import { type Database, queryRows } from '../../db/client';
import { notifications, profiles, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { blockedPeopleOf } from '../safety/service';
import { notHidden } from '../notifications/service';

/**
 * What one user's data export holds (decision 056): their own rows, and of other people only what
 * the user can already see in the app: usernames and display names (never an e-mail), nobody who
 * blocked them or whom they blocked in the follow lists (a block ends follows anyway), no
 * conversation a block took from them (ruling 28: the blocked user loses it), notifications as the
 * list shows them (ruling 9 hides what a now-private author favorited). Read inside one
 * REPEATABLE READ transaction, so the files agree with each other.
 */
export interface ExportContent {
  json: Record<string, unknown>;
  csv: string;
  /** Uploaded files: the path in the ZIP (`uploads/...`) and the bytes. */
  uploads: { name: string; body: Buffer }[];
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type Pref = 'none' | 'popup' | 'email' | 'both';
interface ProfileRow {
  id: string;
  username: string | null;
  name: string;
  email: string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  created_at: string;
  full_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  favorite_genres: string[];
  founding_member: boolean;
  founding_number: number | null;
  instagram_url: string | null;
  facebook_url: string | null;
  youtube_url: string | null;
  tiktok_url: string | null;
  twitter_url: string | null;
  linkedin_url: string | null;
  currently_watching_media_type: 'movie' | 'tv' | null;
  currently_watching_media_id: number | null;
  currently_watching_title: string | null;
  currently_watching_set_at: string | null;
  followers_count: number;
  following_count: number;
  is_private: boolean;
  show_favorites: boolean;
  show_watchlist: boolean;
  show_currently_watching: boolean;
  notify_on_follow: Pref;
  notify_on_favorite: Pref;
  notify_on_message: Pref;
  notify_on_match: Pref;
  notify_on_forum: Pref;
}

async function profileOf(db: Database, me: string) {
  const [r] = await queryRows<ProfileRow>(
    db,
    sql`SELECT u.id, coalesce(u.display_username, u.username) AS username, u.name, u.email, u.email_verified, u.two_factor_enabled, u.created_at,
               p.full_name, p.bio, p.avatar_url, p.favorite_genres, p.founding_member, p.founding_number,
               p.instagram_url, p.facebook_url, p.youtube_url, p.tiktok_url, p.twitter_url, p.linkedin_url,
               p.currently_watching_media_type, p.currently_watching_media_id, p.currently_watching_title, p.currently_watching_set_at,
               p.followers_count, p.following_count,
               p.is_private, p.show_favorites, p.show_watchlist, p.show_currently_watching,
               p.notify_on_follow, p.notify_on_favorite, p.notify_on_message, p.notify_on_match, p.notify_on_forum
          FROM "user" u JOIN profiles p ON p.id = u.id WHERE u.id = ${me}`,
  );
  if (!r) return null;
  return {
    profile: {
      id: r.id,
      username: r.username,
      name: r.name,
      email: r.email,
      emailVerified: r.email_verified,
      twoFactorEnabled: r.two_factor_enabled,
      joinedAt: iso(r.created_at),
      fullName: r.full_name,
      bio: r.bio,
      avatarUrl: r.avatar_url,
      favoriteGenres: r.favorite_genres,
      foundingMember: r.founding_member,
      foundingNumber: r.founding_number,
      socialLinks: { instagram: r.instagram_url, facebook: r.facebook_url, youtube: r.youtube_url, tiktok: r.tiktok_url, twitter: r.twitter_url, linkedin: r.linkedin_url },
      currentlyWatching: r.currently_watching_media_id
        ? { mediaType: r.currently_watching_media_type, mediaId: r.currently_watching_media_id, title: r.currently_watching_title, setAt: iso(r.currently_watching_set_at) }
        : null,
      followersCount: r.followers_count,
      followingCount: r.following_count,
    },
    settings: {
      privacy: { isPrivate: r.is_private, showFavorites: r.show_favorites, showWatchlist: r.show_watchlist, showCurrentlyWatching: r.show_currently_watching },
      notifications: { follow: r.notify_on_follow, favorite: r.notify_on_favorite, message: r.notify_on_message, match: r.notify_on_match, forum: r.notify_on_forum },
    },
    avatarUrl: r.avatar_url,
  };
}

interface ListRow {
  media_type: 'movie' | 'tv';
  media_id: number;
  title: string;
  release_date: string | null;
  genres: string[];
  created_at: string;
  user_rating?: number;
}

async function listOf(db: Database, table: 'favorites' | 'watchlist', me: string) {
  const rating = table === 'favorites' ? sql`, user_rating` : sql``;
  const rows = await queryRows<ListRow>(
    db,
    sql`SELECT media_type, media_id, title, release_date, genres, created_at ${rating} FROM ${sql.identifier(table)} WHERE user_id = ${me} ORDER BY created_at, id`,
  );
  return rows.map((r) => ({
    mediaType: r.media_type,
    mediaId: r.media_id,
    title: r.title,
    releaseDate: r.release_date,
    genres: r.genres,
    ...(r.user_rating === undefined ? {} : { rating: r.user_rating }),
    addedAt: iso(r.created_at),
  }));
}

/** Followers or followed people: username and display name, as the follow lists show them. */
async function followsOf(db: Database, me: string, direction: 'followers' | 'following') {
  const [mine, theirs] = direction === 'followers' ? [sql`f.following_id`, sql`f.follower_id`] : [sql`f.follower_id`, sql`f.following_id`];
  const rows = await queryRows<{ id: string; username: string | null; full_name: string | null; created_at: string }>(
    db,
    sql`SELECT u.id, coalesce(u.display_username, u.username) AS username, p.full_name, f.created_at
          FROM follows f JOIN "user" u ON u.id = ${theirs} JOIN profiles p ON p.id = u.id
         WHERE ${mine} = ${me} AND NOT p.is_banned AND ${theirs} NOT IN ${blockedPeopleOf(me)}
         ORDER BY f.created_at, f.id`,
  );
  return rows.map((r) => ({ userId: r.id, username: r.username, fullName: r.full_name, since: iso(r.created_at) }));
}

/** The user's conversations, as the messages page shows them: none the other side blocked them from. */
async function conversationsOf(db: Database, me: string) {
  const rows = await queryRows<{ other: string; username: string | null; sender_id: string | null; content: string; read: boolean; created_at: string }>(
    db,
    sql`SELECT CASE WHEN m.user_a = ${me} THEN m.user_b ELSE m.user_a END AS other, coalesce(u.display_username, u.username) AS username,
               m.sender_id, m.content, m.read, m.created_at
          FROM messages m LEFT JOIN "user" u ON u.id = CASE WHEN m.user_a = ${me} THEN m.user_b ELSE m.user_a END
         WHERE (m.user_a = ${me} OR m.user_b = ${me})
           AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocked_id = ${me} AND b.blocker_id = CASE WHEN m.user_a = ${me} THEN m.user_b ELSE m.user_a END)
         ORDER BY other, m.created_at, m.id`,
  );
  const byOther = new Map<string, { with: { userId: string; username: string | null; deleted: boolean }; messages: unknown[] }>();
  for (const r of rows) {
    let c = byOther.get(r.other);
    if (!c) byOther.set(r.other, (c = { with: { userId: r.other, username: r.username, deleted: r.username === null }, messages: [] }));
    c.messages.push({ from: r.sender_id === me ? 'me' : 'them', text: r.content, read: r.read, sentAt: iso(r.created_at) });
  }
  return [...byOther.values()];
}

/**
 * The notifications as the list shows them (the notifications module's rule, ruling 9: a now-private
 * author's `new_favorite_from_following` is left out), less what came from someone who has since
 * blocked the user (a message notice would name a conversation the block took away; ruling 28).
 * One statement, not the list's pages: the whole list at once, in the list's order.
 */
async function notificationsOf(db: Database, me: string) {
  const rows = await db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      read: notifications.read,
      createdAt: notifications.createdAt,
      data: notifications.data,
      relatedId: user.id,
      relatedUsername: sql<string | null>`coalesce(${user.displayUsername}, ${user.username})`,
      relatedFullName: profiles.fullName,
    })
    .from(notifications)
    .leftJoin(user, eq(user.id, notifications.relatedUserId))
    .leftJoin(profiles, eq(profiles.id, notifications.relatedUserId))
    .where(
      and(
        eq(notifications.userId, me),
        notHidden,
        sql`(${notifications.relatedUserId} IS NULL OR NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = ${notifications.relatedUserId} AND b.blocked_id = ${me}))`,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    title: r.title,
    message: r.message,
    read: r.read,
    createdAt: r.createdAt.toISOString(),
    relatedUser: r.relatedId ? { id: r.relatedId, username: r.relatedUsername, fullName: r.relatedFullName } : null,
    data: r.data,
  }));
}

/** Threads and replies the user wrote, with the thread's title for a reply (forums every signed-in user reads). */
async function forumPostsOf(db: Database, me: string) {
  const threads = await queryRows<{ id: string; forum: string; title: string; content: string; created_at: string; updated_at: string }>(
    db,
    sql`SELECT t.id, f.name AS forum, t.title, t.content, t.created_at, t.updated_at FROM forum_threads t JOIN forums f ON f.id = t.forum_id
         WHERE t.author_id = ${me} ORDER BY t.created_at, t.id`,
  );
  const replies = await queryRows<{ id: string; thread_id: string; thread_title: string; parent_reply_id: string | null; content: string; created_at: string; updated_at: string }>(
    db,
    sql`SELECT r.id, r.thread_id, t.title AS thread_title, r.parent_reply_id, r.content, r.created_at, r.updated_at
          FROM forum_replies r JOIN forum_threads t ON t.id = r.thread_id WHERE r.author_id = ${me} ORDER BY r.created_at, r.id`,
  );
  return {
    threads: threads.map((t) => ({ id: t.id, forum: t.forum, title: t.title, content: t.content, createdAt: iso(t.created_at), updatedAt: iso(t.updated_at) })),
    replies: replies.map((r) => ({
      id: r.id,
      threadId: r.thread_id,
      threadTitle: r.thread_title,
      inReplyTo: r.parent_reply_id,
      content: r.content,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    })),
  };
}

/** Everything of `me` for the ZIP, or null when the account is gone. */
export async function collectExport(deps: Pick<AppDeps, 'database' | 'storage'>, me: string): Promise<ExportContent | null> {
  const data = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    const db = tx as unknown as Database;
    const profile = await profileOf(db, me);
    if (!profile) return null;
    const favorites = await listOf(db, 'favorites', me);
    return {
      profile,
      favorites,
      watchlist: await listOf(db, 'watchlist', me),
      follows: { followers: await followsOf(db, me, 'followers'), following: await followsOf(db, me, 'following') },
      messages: await conversationsOf(db, me),
      forumPosts: await forumPostsOf(db, me),
      notifications: await notificationsOf(db, me),
    };
  });
  if (!data) return null;

  // Uploads: every picture in the user's folder (the avatar and any not yet swept), as files.
  const uploads: ExportContent['uploads'] = [];
  for (const key of await deps.storage.listUser(me)) {
    const file = await deps.storage.get(key);
    if (file) uploads.push({ name: `uploads/${key.slice(key.indexOf('/') + 1)}`, body: file.body });
  }
  const avatarKey = data.profile.avatarUrl ? deps.storage.keyFromUrl(data.profile.avatarUrl) : null;

  return {
    json: {
      'profile.json': { ...data.profile.profile, avatarFile: avatarKey ? `uploads/${avatarKey.slice(avatarKey.indexOf('/') + 1)}` : null },
      'settings.json': data.profile.settings,
      'favorites.json': data.favorites,
      'watchlist.json': data.watchlist,
      'follows.json': data.follows,
      'messages.json': data.messages,
      'notifications.json': data.notifications,
      'forum-posts.json': data.forumPosts,
    },
    csv: letterboxdCsv(data.favorites.map((f) => ({ mediaType: f.mediaType, mediaId: f.mediaId, title: f.title, releaseDate: f.releaseDate, rating: f.rating ?? 1 }))),
    uploads,
  };
}
