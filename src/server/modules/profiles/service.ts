import { and, eq, sql } from 'drizzle-orm';
import type { OwnProfile, PublicProfile } from '../../../shared/profiles';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../deps';
import { favorites, follows, profiles, user, userRoles, watchlist } from '../../db/schema';

type Row = typeof profiles.$inferSelect & {
  username: string | null;
  displayUsername: string | null;
  userCreatedAt: Date;
  favoritesCount: number;
  watchlistCount: number;
  viewerFollows: boolean;
  viewerIsAdmin: boolean;
};

function selectRow(db: Database, by: 'id' | 'username') {
  const key = sql.placeholder('key');
  const viewer = sql.placeholder('viewer');
  return db
    .select({
      profile: profiles,
      username: user.username,
      displayUsername: user.displayUsername,
      userCreatedAt: user.createdAt,
      favoritesCount: sql<number>`(select count(*)::int from ${favorites} where ${favorites.userId} = ${user.id})`.mapWith(Number),
      watchlistCount: sql<number>`(select count(*)::int from ${watchlist} where ${watchlist.userId} = ${user.id})`.mapWith(Number),
      viewerFollows: sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.followingId} = ${user.id})`.mapWith(Boolean),
      viewerIsAdmin: sql<boolean>`exists(select 1 from ${userRoles} where ${userRoles.userId} = ${viewer} and ${userRoles.role} = 'admin')`.mapWith(Boolean),
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(by === 'id' ? eq(user.id, key) : eq(user.username, key), eq(user.emailVerified, true)))
    .prepare(`profile_view_by_${by}`);
}

// Built once per database: the profile page is the most read answer, and building this query
// (40 columns, four subqueries) cost more than running it. PostgreSQL keeps the plan per connection.
const statements = new WeakMap<Database, { id: ReturnType<typeof selectRow>; username: ReturnType<typeof selectRow> }>();

/** The profile, its list counts and what the viewer is to it, in one round trip. */
async function loadRow(deps: AppDeps, where: { id?: string; username?: string }, viewerId: string | null): Promise<Row | null> {
  const db = deps.database.db;
  let prepared = statements.get(db);
  if (!prepared) statements.set(db, (prepared = { id: selectRow(db, 'id'), username: selectRow(db, 'username') }));
  const [row] = where.id
    ? await prepared.id.execute({ key: where.id, viewer: viewerId ?? '' })
    : await prepared.username.execute({ key: where.username!.toLowerCase(), viewer: viewerId ?? '' });
  if (!row) return null;
  const { profile, ...rest } = row;
  return { ...profile, ...rest };
}

/**
 * A profile as the viewer may see it (ruling 9): the header is always visible; favorites,
 * watchlist, currently watching and forum activity only to the owner and admins when the account
 * is private, and each section only when its show_* switch allows. Nothing hidden is returned.
 */
export async function viewProfile(deps: AppDeps, where: { id?: string; username?: string }, viewerId: string | null): Promise<PublicProfile | OwnProfile | null> {
  const row = await loadRow(deps, where, viewerId);
  if (!row || row.isBanned) return null;
  const isOwn = viewerId === row.id;
  const privileged = isOwn || (!!viewerId && row.viewerIsAdmin);
  const open = privileged || !row.isPrivate;
  const visible = {
    favorites: open && (privileged || row.showFavorites),
    watchlist: open && (privileged || row.showWatchlist),
    currentlyWatching: open && (privileged || row.showCurrentlyWatching),
    forums: isOwn,
  };
  const cw =
    visible.currentlyWatching && row.currentlyWatchingMediaId && row.currentlyWatchingMediaType && row.currentlyWatchingTitle && row.currentlyWatchingSetAt
      ? {
          mediaId: row.currentlyWatchingMediaId,
          mediaType: row.currentlyWatchingMediaType,
          title: row.currentlyWatchingTitle,
          posterPath: row.currentlyWatchingPosterPath,
          setAt: row.currentlyWatchingSetAt.toISOString(),
        }
      : null;
  const view: PublicProfile = {
    id: row.id,
    username: row.displayUsername ?? row.username ?? '',
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    createdAt: row.userCreatedAt.toISOString(),
    foundingMember: row.foundingMember,
    followersCount: row.followersCount,
    followingCount: row.followingCount,
    favoritesCount: visible.favorites ? row.favoritesCount : null,
    watchlistCount: visible.watchlist ? row.watchlistCount : null,
    viewerFollows: !isOwn && row.viewerFollows,
    socialLinks: {
      instagramUrl: row.instagramUrl,
      facebookUrl: row.facebookUrl,
      youtubeUrl: row.youtubeUrl,
      tiktokUrl: row.tiktokUrl,
      twitterUrl: row.twitterUrl,
      linkedinUrl: row.linkedinUrl,
    },
    isPrivate: row.isPrivate,
    boostExpiresAt: row.boostExpiresAt && row.boostExpiresAt > new Date() ? row.boostExpiresAt.toISOString() : null,
    currentlyWatching: cw,
    visible,
    isOwn,
  };
  if (!isOwn) return view;
  return {
    ...view,
    favoriteGenres: row.favoriteGenres,
    showFavorites: row.showFavorites,
    showWatchlist: row.showWatchlist,
    showCurrentlyWatching: row.showCurrentlyWatching,
    notifyOnFollow: row.notifyOnFollow,
    notifyOnFavorite: row.notifyOnFavorite,
    notifyOnMessage: row.notifyOnMessage,
    notifyOnMatch: row.notifyOnMatch,
    lastBoostUsedAt: row.lastBoostUsedAt?.toISOString() ?? null,
  };
}

