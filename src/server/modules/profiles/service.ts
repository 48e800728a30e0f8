import type { ProfileView, PublicProfile } from '../../../shared/profiles';
import type { AppDeps } from '../../deps';
import { judgeSession, resolveSession, signedSessionToken } from '../accounts/session';
import { loadViewRow, type ViewRow } from './view-query';

const iso = (value: string) => new Date(value).toISOString();

/**
 * A profile as the viewer may see it (ruling 9): the header is always visible; favorites,
 * watchlist, currently watching and forum activity only to the owner and admins when the account
 * is private, and each section only when its show_* switch allows. Nothing hidden is returned.
 */
export async function viewProfile(deps: AppDeps, where: { id?: string; username?: string }, viewerId: string | null): Promise<ProfileView | null> {
  return present(await loadViewRow(deps.database.db, where, { id: viewerId }), viewerId);
}

/**
 * viewProfile for the viewer signed in on this request (or a guest), in one round trip when the
 * request carries a signed session cookie: the session is judged exactly as accounts/session.ts
 * judges it; anything but a valid session or none at all (banned, expired, due for extension)
 * takes the ordinary path, session lookup first.
 */
export async function viewProfileForRequest(deps: AppDeps, where: { id?: string; username?: string }, headers: Pick<Headers, 'get'>): Promise<ProfileView | null> {
  const signed = await signedSessionToken(deps, headers);
  if (!signed) return viewProfile(deps, where, null);
  const row = await loadViewRow(deps.database.db, where, { token: signed.token });
  if (!row) return null;
  const { sessionUserId, sessionExpiresAt, sessionBanned } = row.viewer;
  // No such session (signed out, deleted): the flags were computed for nobody, as for a guest.
  if (sessionUserId === null) return present(row, null);
  const verdict = judgeSession({ expiresAt: new Date(sessionExpiresAt!), isBanned: sessionBanned }, signed.setup);
  if (verdict === 'valid') return present(row, sessionUserId);
  const viewer = await resolveSession(deps, headers);
  return viewProfile(deps, where, viewer?.id ?? null);
}

function present(row: ViewRow | null, viewerId: string | null): ProfileView | null {
  if (!row || row.profile.isBanned) return null;
  const { profile: p, viewer: v } = row;
  const isOwn = viewerId === p.id;
  // Ruling 28: someone the owner blocked sees the not-found view, the very 404 of a missing user.
  if (!isOwn && viewerId && v.blockedByOwner) return null;
  const privileged = isOwn || (!!viewerId && v.viewerIsAdmin);
  const open = privileged || !p.isPrivate;
  const visible = {
    favorites: open && (privileged || p.showFavorites),
    watchlist: open && (privileged || p.showWatchlist),
    currentlyWatching: open && (privileged || p.showCurrentlyWatching),
    forums: isOwn,
  };
  const cw =
    visible.currentlyWatching && p.currentlyWatchingMediaId && p.currentlyWatchingMediaType && p.currentlyWatchingTitle && p.currentlyWatchingSetAt
      ? {
          mediaId: p.currentlyWatchingMediaId,
          mediaType: p.currentlyWatchingMediaType,
          title: p.currentlyWatchingTitle,
          posterPath: p.currentlyWatchingPosterPath,
          setAt: iso(p.currentlyWatchingSetAt),
        }
      : null;
  const view: Omit<PublicProfile, 'isOwn'> = {
    id: p.id,
    username: v.displayUsername ?? v.username ?? '',
    fullName: p.fullName,
    avatarUrl: p.avatarUrl,
    bio: p.bio,
    createdAt: iso(v.userCreatedAt),
    foundingMember: p.foundingMember,
    isDemo: p.isDemo,
    followersCount: p.followersCount,
    followingCount: p.followingCount,
    favoritesCount: visible.favorites ? p.favoritesCount : null,
    watchlistCount: visible.watchlist ? p.watchlistCount : null,
    viewerFollows: !isOwn && v.viewerFollows,
    viewerBlocks: !isOwn && !!viewerId && v.viewerBlocks,
    viewerMutes: !isOwn && !!viewerId && v.viewerMutes,
    socialLinks: {
      instagramUrl: p.instagramUrl,
      facebookUrl: p.facebookUrl,
      youtubeUrl: p.youtubeUrl,
      tiktokUrl: p.tiktokUrl,
      twitterUrl: p.twitterUrl,
      linkedinUrl: p.linkedinUrl,
    },
    isPrivate: p.isPrivate,
    boostExpiresAt: p.boostExpiresAt && Date.parse(p.boostExpiresAt) > Date.now() ? iso(p.boostExpiresAt) : null,
    currentlyWatching: cw,
    visible,
  };
  if (!isOwn) return { ...view, isOwn: false };
  return {
    ...view,
    isOwn: true,
    favoriteGenres: p.favoriteGenres,
    showFavorites: p.showFavorites,
    showWatchlist: p.showWatchlist,
    showCurrentlyWatching: p.showCurrentlyWatching,
    notifyOnFollow: p.notifyOnFollow,
    notifyOnFavorite: p.notifyOnFavorite,
    notifyOnMessage: p.notifyOnMessage,
    notifyOnMatch: p.notifyOnMatch,
    notifyOnForum: p.notifyOnForum,
    lastBoostUsedAt: p.lastBoostUsedAt ? iso(p.lastBoostUsedAt) : null,
  };
}
