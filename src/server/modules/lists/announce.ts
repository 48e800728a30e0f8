import { eq, type SQL, sql } from 'drizzle-orm';
import type { TitleKey } from '../../../shared/lists';
import { profiles } from '../../db/schema';
import type { AppDeps } from '../../deps';

export interface SectionsVisibility {
  favorites: boolean;
  watchlist: boolean;
  currentlyWatching: boolean;
}

/**
 * Which of the user's sections anyone but the owner and admins may see (ruling 9: a private account
 * hides all three, each show_* switch hides its own). Decides what may be announced about a change,
 * to followers or on the public event stream; read at the moment of the change.
 */
export async function sectionsVisibleToOthers(deps: AppDeps, userId: string): Promise<SectionsVisibility> {
  const [p] = await deps.database.db
    .select({ isPrivate: profiles.isPrivate, favorites: profiles.showFavorites, watchlist: profiles.showWatchlist, currentlyWatching: profiles.showCurrentlyWatching })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!p || p.isPrivate) return { favorites: false, watchlist: false, currentlyWatching: false };
  return { favorites: p.favorites, watchlist: p.watchlist, currentlyWatching: p.currentlyWatching };
}

/**
 * The same, as a column of the write's own RETURNING (decision 073: no second round trip), read
 * from the profile of `userIdColumn` in the write's snapshot.
 */
export function visibilityReturning(userIdColumn: unknown): SQL<SectionsVisibility> {
  return sql<SectionsVisibility>`(select json_build_object('favorites', not p.is_private and p.show_favorites, 'watchlist', not p.is_private and p.show_watchlist,
      'currentlyWatching', not p.is_private and p.show_currently_watching) from ${profiles} p where p.id = ${userIdColumn})`.mapWith(
    (v: SectionsVisibility | string | null) =>
      (typeof v === 'string' ? (JSON.parse(v) as SectionsVisibility) : v) ?? { favorites: false, watchlist: false, currentlyWatching: false },
  );
}

/** Favorited-by counts changed: every open details page of these titles refetches. */
export function favoriteCountsChanged(deps: AppDeps, keys: readonly TitleKey[]) {
  for (const k of keys) deps.events.publish({ everyone: true }, { type: 'favorite-count', mediaType: k.mediaType, mediaId: k.mediaId });
}

/**
 * The user's profile changed. Everyone's open pages refresh only when the changed section is
 * visible to others; otherwise only the owner's tabs hear of it, since a profile-updated of a
 * private user next to a favorite-count of a title would say who favorited it (ruling 9).
 */
export async function profileSectionChanged(deps: AppDeps, userId: string, section: keyof SectionsVisibility, known?: SectionsVisibility) {
  const visible = (known ?? (await sectionsVisibleToOthers(deps, userId)))[section];
  deps.events.publish(visible ? { everyone: true } : { users: [userId] }, { type: 'profile-updated', userId });
}
