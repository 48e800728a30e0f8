import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { type FavoriteItem, type ListItem, listMessages, type MyLists, type TitleKey } from '../../../shared/lists';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { favorites, profiles, watchlist } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { feedChanged } from '../dashboard/feed-events';
import { notifyNewMatches } from '../matches/new-match';
import { favoriteCountsChanged, profileSectionChanged, visibilityReturning } from './announce';
import { notifyFollowersOfFavorite } from './notify-followers';

type FavoriteRow = typeof favorites.$inferSelect;
type WatchlistRow = typeof watchlist.$inferSelect;

export function toItem(row: FavoriteRow | WatchlistRow): ListItem {
  return {
    mediaType: row.mediaType,
    mediaId: row.mediaId,
    title: row.title,
    posterPath: row.posterPath,
    releaseDate: row.releaseDate,
    voteAverage: row.voteAverage,
    genres: row.genres,
    addedAt: row.createdAt.toISOString(),
  };
}
export const toFavorite = (row: FavoriteRow): FavoriteItem => ({ ...toItem(row), rating: row.userRating });

/**
 * What the catalogue says about a title: the client sends only the type and id, so nobody can store
 * a made-up title or poster. An unknown title is 404.
 */
async function catalogueTitle(deps: AppDeps, key: TitleKey) {
  const details = await deps.catalogue.getDetails(key.mediaType, key.mediaId);
  if (!details) throw errors.notFound('Title not found');
  return {
    mediaType: key.mediaType,
    mediaId: key.mediaId,
    title: details.title,
    posterPath: details.posterUrl,
    releaseDate: details.releaseDate,
    voteAverage: details.voteAverage,
    genres: details.genres,
  };
}

const favoriteWhere = (userId: string, key: TitleKey) => and(eq(favorites.userId, userId), eq(favorites.mediaType, key.mediaType), eq(favorites.mediaId, key.mediaId));
const watchlistWhere = (userId: string, key: TitleKey) => and(eq(watchlist.userId, userId), eq(watchlist.mediaType, key.mediaType), eq(watchlist.mediaId, key.mediaId));

/**
 * Users' own lists in one prepared statement (decision 016): the favorites and the watchlist as
 * JSON arrays (keys and ratings only; pages fetch the details they show) and the currently watching
 * title from the profile. Was three queries, which on PGlite (one query at a time) queued; takes any
 * number of users, so the reads of concurrent requests share one statement (decision 022).
 */
function selectMyLists(db: Database) {
  const favs = sql`(select coalesce(json_agg(json_build_object('mediaType', f.media_type, 'mediaId', f.media_id, 'rating', f.user_rating)), '[]'::json)
      from ${favorites} f where f.user_id = p0.id and f.media_id > 0 and btrim(f.title) <> '')`;
  const watch = sql`(select coalesce(json_agg(json_build_object('mediaType', w.media_type, 'mediaId', w.media_id)), '[]'::json)
      from ${watchlist} w where w.user_id = p0.id and w.media_id > 0 and btrim(w.title) <> '')`;
  return db
    .select({
      userId: sql<string>`p0.id`,
      lists: sql<{ favorites: MyLists['favorites']; watchlist: MyLists['watchlist']; cw: CurrentlyWatchingRow | null }>`json_build_object(
        'favorites', ${favs}, 'watchlist', ${watch},
        'cw', case when p.currently_watching_media_id is not null and p.currently_watching_media_type is not null
                    and p.currently_watching_title is not null and p.currently_watching_set_at is not null
              then json_build_object('mediaType', p.currently_watching_media_type, 'mediaId', p.currently_watching_media_id,
                     'title', p.currently_watching_title, 'posterPath', p.currently_watching_poster_path, 'setAt', p.currently_watching_set_at) end)`,
    })
    .from(sql`unnest(${sql.placeholder('users')}::text[]) as p0(id) left join ${profiles} p on p.id = p0.id`)
    .prepare('my_lists');
}

type CurrentlyWatchingRow = NonNullable<MyLists['currentlyWatching']>;
const myListsStatementOf = preparedPerDatabase(selectMyLists);

const loadMyLists = batchedRead<string, MyLists>(
  async (db, users) => {
    const statement = myListsStatementOf(db);
    const rows = await statement.execute({ users });
    return new Map(
      rows.map(({ userId, lists }) => {
        const cw = lists.cw ? { ...lists.cw, setAt: new Date(lists.cw.setAt).toISOString() } : null;
        return [userId, { favorites: lists.favorites, watchlist: lists.watchlist, currentlyWatching: cw }];
      }),
    );
  },
  () => ({ favorites: [], watchlist: [], currentlyWatching: null }),
);

export function myLists(deps: AppDeps, userId: string): Promise<MyLists> {
  return loadMyLists(deps.database.db, userId);
}

/**
 * Adds a favorite, or, when the title is already a favorite, updates its rating (spec 001 §4).
 * ON CONFLICT DO NOTHING makes a concurrent duplicate (the 23505 case) fall through to the update too.
 * A new favorite changes the title's count and the profile, and followers are told of it while the
 * user's favorites are visible (read at the moment of the favorite: one made while hidden is never
 * announced), in the background after the answer; failures there are only logged.
 */
export async function addFavorite(deps: AppDeps, user: { id: string; username: string }, key: TitleKey, rating: number): Promise<{ created: boolean; item: FavoriteItem }> {
  const userId = user.id;
  const title = await catalogueTitle(deps, key);
  const { db } = deps.database;
  const [inserted] = await db
    .insert(favorites)
    .values({ ...title, userId, userRating: rating })
    .onConflictDoNothing()
    .returning({ ...getTableColumns(favorites), visible: visibilityReturning(sql`${favorites}.user_id`) });
  if (inserted) {
    favoriteCountsChanged(deps, [key]);
    const { visible } = inserted;
    await profileSectionChanged(deps, userId, 'favorites', visible);
    if (visible.favorites) feedChanged(deps, userId, 'favorites');
    if (visible.favorites) {
      setImmediate(() => {
        notifyFollowersOfFavorite(deps, { userId, username: user.username, mediaType: key.mediaType, mediaId: key.mediaId, title: title.title }).catch((err: unknown) =>
          deps.logger.error({ err, userId }, 'favorite notifications failed'),
        );
        notifyNewMatches(deps, userId, key).catch((err: unknown) => deps.logger.error({ err, userId }, 'new match notifications failed'));
      });
    }
    return { created: true, item: toFavorite(inserted) };
  }
  const [updated] = await db.update(favorites).set({ userRating: rating }).where(favoriteWhere(userId, key)).returning();
  if (!updated) throw errors.conflict('conflict', listMessages.errors.updateFavorites);
  feedChanged(deps, userId, 'favorites');
  return { created: false, item: toFavorite(updated) };
}

export async function updateRating(deps: AppDeps, userId: string, key: TitleKey, rating: number): Promise<FavoriteItem> {
  const [row] = await deps.database.db.update(favorites).set({ userRating: rating }).where(favoriteWhere(userId, key)).returning();
  if (!row) throw errors.notFound('This title is not in your favorites.');
  feedChanged(deps, userId, 'favorites');
  return toFavorite(row);
}

export async function removeFavorite(deps: AppDeps, userId: string, key: TitleKey): Promise<boolean> {
  const rows = await deps.database.db
    .delete(favorites)
    .where(favoriteWhere(userId, key))
    .returning({ id: favorites.id, visible: visibilityReturning(sql`${favorites}.user_id`) });
  if (!rows.length) return false;
  favoriteCountsChanged(deps, [key]);
  await profileSectionChanged(deps, userId, 'favorites', rows[0]!.visible);
  feedChanged(deps, userId, 'favorites');
  return true;
}

/** Deletes every favorite of the user; returns how many were removed (each title's count changed). */
export async function clearFavorites(deps: AppDeps, userId: string): Promise<number> {
  const removed = await deps.database.db.delete(favorites).where(eq(favorites.userId, userId)).returning({ mediaType: favorites.mediaType, mediaId: favorites.mediaId });
  favoriteCountsChanged(deps, removed);
  if (removed.length) {
    await profileSectionChanged(deps, userId, 'favorites');
    feedChanged(deps, userId, 'favorites');
  }
  return removed.length;
}

export async function addToWatchlist(deps: AppDeps, userId: string, key: TitleKey): Promise<ListItem> {
  const title = await catalogueTitle(deps, key);
  const [row] = await deps.database.db
    .insert(watchlist)
    .values({ ...title, userId })
    .onConflictDoNothing()
    .returning();
  if (!row) throw errors.conflict('already_in_watchlist', listMessages.alreadyInWatchlist(title.title));
  await profileSectionChanged(deps, userId, 'watchlist');
  feedChanged(deps, userId, 'watchlist');
  return toItem(row);
}

export async function removeFromWatchlist(deps: AppDeps, userId: string, key: TitleKey): Promise<boolean> {
  const rows = await deps.database.db.delete(watchlist).where(watchlistWhere(userId, key)).returning({ id: watchlist.id });
  if (!rows.length) return false;
  await profileSectionChanged(deps, userId, 'watchlist');
  feedChanged(deps, userId, 'watchlist');
  return true;
}

export async function clearWatchlist(deps: AppDeps, userId: string): Promise<number> {
  const rows = await deps.database.db.delete(watchlist).where(eq(watchlist.userId, userId)).returning({ id: watchlist.id });
  if (rows.length) {
    await profileSectionChanged(deps, userId, 'watchlist');
    feedChanged(deps, userId, 'watchlist');
  }
  return rows.length;
}

export async function setCurrentlyWatching(deps: AppDeps, userId: string, key: TitleKey): Promise<NonNullable<MyLists['currentlyWatching']>> {
  const title = await catalogueTitle(deps, key);
  const setAt = new Date();
  await deps.database.db
    .update(profiles)
    .set({
      currentlyWatchingMediaId: key.mediaId,
      currentlyWatchingMediaType: key.mediaType,
      currentlyWatchingTitle: title.title,
      currentlyWatchingPosterPath: title.posterPath,
      currentlyWatchingSetAt: setAt,
      updatedAt: setAt,
    })
    .where(eq(profiles.id, userId));
  await profileSectionChanged(deps, userId, 'currentlyWatching');
  feedChanged(deps, userId, 'currentlyWatching');
  return { mediaType: key.mediaType, mediaId: key.mediaId, title: title.title, posterPath: title.posterPath, setAt: setAt.toISOString() };
}

/** Clearing nulls all five currently_watching fields (spec 000 §4). */
export async function clearCurrentlyWatching(deps: AppDeps, userId: string) {
  await deps.database.db
    .update(profiles)
    .set({
      currentlyWatchingMediaId: null,
      currentlyWatchingMediaType: null,
      currentlyWatchingTitle: null,
      currentlyWatchingPosterPath: null,
      currentlyWatchingSetAt: null,
      updatedAt: new Date(),
    })
    .where(eq(profiles.id, userId));
  await profileSectionChanged(deps, userId, 'currentlyWatching');
}

/** One title a bulk import writes (issue 21 part 1): a favorite when `rating` is set, a watchlist entry when `watchlist`. */
export interface ImportedTitle extends TitleKey {
  rating: number | null;
  watchlist: boolean;
}

export interface ImportedCounts {
  addedFavorites: number;
  addedWatchlist: number;
  alreadyThere: number;
  /** Titles the catalogue no longer knows. */
  missing: number;
  /** The favorites added, for favoriteCountsChanged. */
  added: TitleKey[];
}

/**
 * Writes a chunk of an import inside the caller's transaction (decision 053), so the import's cursor
 * commits with its rows. A title already a favorite keeps its rating, one already on the watchlist
 * stays as it is: both count as "already there", so importing a file again adds nothing. No
 * activity rows (`reelmates.quiet_activity`) and no per-favorite notifications: a bulk import is not
 * news to followers; the caller announces the change once (`listsImported`).
 */
export async function importTitles(deps: AppDeps, tx: Database, userId: string, items: readonly ImportedTitle[]): Promise<ImportedCounts> {
  const counts: ImportedCounts = { addedFavorites: 0, addedWatchlist: 0, alreadyThere: 0, missing: 0, added: [] };
  const details = await Promise.all(items.map((i) => catalogueTitle(deps, i).catch((err: unknown) => (err instanceof Error && 'status' in err ? null : Promise.reject(err)))));
  await tx.execute(sql`SELECT set_config('reelmates.quiet_activity', 'on', true)`);
  const favRows: (typeof favorites.$inferInsert)[] = [];
  const watchRows: (typeof watchlist.$inferInsert)[] = [];
  items.forEach((item, i) => {
    const title = details[i];
    if (!title) return;
    if (item.rating !== null) favRows.push({ ...title, userId, userRating: item.rating });
    if (item.watchlist) watchRows.push({ ...title, userId });
  });
  counts.missing = items.filter((_, i) => !details[i]).length;
  if (favRows.length) {
    const added = await tx.insert(favorites).values(favRows).onConflictDoNothing().returning({ mediaType: favorites.mediaType, mediaId: favorites.mediaId });
    counts.addedFavorites = added.length;
    counts.alreadyThere += favRows.length - added.length;
    counts.added = added;
  }
  if (watchRows.length) {
    const added = await tx.insert(watchlist).values(watchRows).onConflictDoNothing().returning({ id: watchlist.id });
    counts.addedWatchlist = added.length;
    counts.alreadyThere += watchRows.length - added.length;
  }
  return counts;
}

/**
 * After an import ended: the profile and the followers' Following tabs hear of it once (the titles'
 * favorited-by counts were told chunk by chunk: `favoritesAdded`).
 */
export async function listsImported(deps: AppDeps, userId: string, favoritesAdded: readonly TitleKey[], watchlistChanged: boolean, favoritesChanged: boolean) {
  favoriteCountsChanged(deps, favoritesAdded);
  if (favoritesChanged) await profileSectionChanged(deps, userId, 'favorites');
  if (watchlistChanged) await profileSectionChanged(deps, userId, 'watchlist');
  if (favoritesChanged) feedChanged(deps, userId, 'favorites');
}
