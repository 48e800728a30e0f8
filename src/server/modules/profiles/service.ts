import { and, eq } from 'drizzle-orm';
import type { OwnProfile, PublicProfile } from '../../../shared/profiles';
import type { AppDeps } from '../../deps';
import { profiles, user } from '../../db/schema';
import { isAdmin } from '../accounts/access';

type Row = typeof profiles.$inferSelect & { username: string | null; displayUsername: string | null; userCreatedAt: Date };

async function loadRow(deps: AppDeps, where: { id?: string; username?: string }): Promise<Row | null> {
  const condition = where.id ? eq(user.id, where.id) : eq(user.username, where.username!.toLowerCase());
  const [row] = await deps.database.db
    .select({ profile: profiles, username: user.username, displayUsername: user.displayUsername, userCreatedAt: user.createdAt })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(condition, eq(user.emailVerified, true)));
  return row ? { ...row.profile, username: row.username, displayUsername: row.displayUsername, userCreatedAt: row.userCreatedAt } : null;
}

/**
 * A profile as the viewer may see it (ruling 9): the header is always visible; favorites,
 * watchlist, currently watching and forum activity only to the owner and admins when the account
 * is private, and each section only when its show_* switch allows. Nothing hidden is returned.
 */
export async function viewProfile(deps: AppDeps, where: { id?: string; username?: string }, viewerId: string | null): Promise<PublicProfile | OwnProfile | null> {
  const row = await loadRow(deps, where);
  if (!row || row.isBanned) return null;
  const isOwn = viewerId === row.id;
  const privileged = isOwn || (viewerId ? await isAdmin(deps.database.db, viewerId) : false);
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

