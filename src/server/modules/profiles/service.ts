import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { OwnProfile, PublicProfile } from '../../../shared/profiles';
import type { Database } from '../../db/client';
import type { AppDeps } from '../../deps';
import { follows, profiles, session, user, userRoles } from '../../db/schema';
import { judgeSession, resolveSession, signedSessionToken } from '../accounts/session';

// Only the columns the view reads: every column costs on every execution (its description, parsing, mapping).
const { foundingNumber: _n, banReason: _r, createdAt: _c, updatedAt: _u, ...viewColumns } = getTableColumns(profiles);

type Row = { [K in keyof typeof viewColumns]: (typeof profiles.$inferSelect)[K] } & {
  username: string | null;
  displayUsername: string | null;
  userCreatedAt: Date;
  viewerFollows: boolean;
  viewerIsAdmin: boolean;
  /** With the viewer given by session token: that session's user, expiry and ban flag (null: no such session). */
  sessionUserId: string | null;
  sessionExpiresAt: Date | null;
  sessionBanned: boolean | null;
};

const viewerSession = alias(session, 'viewer_session');
const viewerProfile = alias(profiles, 'viewer_profile');

/**
 * The viewer is given by user id (`viewer`), or (`token`) by the session token of a signed cookie,
 * so that a signed-in view is one round trip: the session's user, expiry and ban flag come back
 * with the row (a left join on the token) and are judged by accounts/session.ts before the flags are trusted.
 */
function selectRow(db: Database, by: 'id' | 'username', viewerBy: 'id' | 'token') {
  const key = sql.placeholder('key');
  const ofSession = viewerBy === 'token';
  const viewer = ofSession ? sql`${viewerSession.userId}` : sql`${sql.placeholder('viewer')}`;
  const query = db
    .select({
      profile: viewColumns,
      username: user.username,
      displayUsername: user.displayUsername,
      userCreatedAt: user.createdAt,
      viewerFollows: sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.followingId} = ${user.id})`.mapWith(Boolean),
      viewerIsAdmin: sql<boolean>`exists(select 1 from ${userRoles} where ${userRoles.userId} = ${viewer} and ${userRoles.role} = 'admin')`.mapWith(Boolean),
      sessionUserId: ofSession ? sql<string | null>`${viewerSession.userId}` : sql<string | null>`null::text`,
      sessionExpiresAt: (ofSession ? sql<Date | null>`${viewerSession.expiresAt}` : sql<Date | null>`null::timestamptz`).mapWith(session.expiresAt),
      sessionBanned: (ofSession ? sql<boolean | null>`coalesce(${viewerProfile.isBanned}, false)` : sql<boolean | null>`null::boolean`).mapWith(Boolean),
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .$dynamic();
  const joined = ofSession
    ? query.leftJoin(viewerSession, eq(viewerSession.token, sql.placeholder('token'))).leftJoin(viewerProfile, eq(viewerProfile.id, viewerSession.userId))
    : query;
  return joined.where(and(by === 'id' ? eq(user.id, key) : eq(user.username, key), eq(user.emailVerified, true))).prepare(`profile_view_by_${by}${ofSession ? '_for_session' : ''}`);
}

// Built once per database: the profile page is the most read answer, and building this query
// (some 40 columns, joins and subqueries) cost more than running it. PostgreSQL keeps the plan per connection.
type Statement = ReturnType<typeof selectRow>;
const statements = new WeakMap<Database, Record<'id' | 'username' | 'idForSession' | 'usernameForSession', Statement>>();

/** The profile (with its kept list counts) and what the viewer (a user id, or a session token) is to it, in one round trip. */
async function loadRow(deps: AppDeps, where: { id?: string; username?: string }, viewer: { id: string | null } | { token: string }): Promise<Row | null> {
  const db = deps.database.db;
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = {
      id: selectRow(db, 'id', 'id'),
      username: selectRow(db, 'username', 'id'),
      idForSession: selectRow(db, 'id', 'token'),
      usernameForSession: selectRow(db, 'username', 'token'),
    };
    statements.set(db, prepared);
  }
  const key = where.id ?? where.username!.toLowerCase();
  const [row] =
    'token' in viewer
      ? await (where.id ? prepared.idForSession : prepared.usernameForSession).execute({ key, token: viewer.token })
      : await (where.id ? prepared.id : prepared.username).execute({ key, viewer: viewer.id ?? '' });
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
  return present(await loadRow(deps, where, { id: viewerId }), viewerId);
}

/**
 * viewProfile for the viewer signed in on this request (or a guest), in one round trip when the
 * request carries a signed session cookie: the session is judged exactly as accounts/session.ts
 * judges it; anything but a valid session or none at all (banned, expired, due for extension)
 * takes the ordinary path, session lookup first.
 */
export async function viewProfileForRequest(deps: AppDeps, where: { id?: string; username?: string }, headers: Headers): Promise<PublicProfile | OwnProfile | null> {
  const signed = await signedSessionToken(deps, headers);
  if (!signed) return viewProfile(deps, where, null);
  const row = await loadRow(deps, where, { token: signed.token });
  if (!row) return null;
  // No such session (signed out, deleted): the flags were computed for nobody, as for a guest.
  if (row.sessionUserId === null) return present(row, null);
  const verdict = judgeSession({ expiresAt: row.sessionExpiresAt!, isBanned: !!row.sessionBanned }, signed.setup);
  if (verdict === 'valid') return present(row, row.sessionUserId);
  const viewer = await resolveSession(deps, headers);
  return viewProfile(deps, where, viewer?.id ?? null);
}

function present(row: Row | null, viewerId: string | null): PublicProfile | OwnProfile | null {
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

