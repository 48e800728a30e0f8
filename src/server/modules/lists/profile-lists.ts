import { and, desc, gt, sql } from 'drizzle-orm';
import type { MediaType } from '../../../shared/catalogue';
import type { FavoriteItem, ListItem, ProfileList, SharedFavorite } from '../../../shared/lists';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import { favorites, watchlist } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { viewProfile } from '../profiles/service';
import { toFavorite, toItem } from './service';

/**
 * The reads of other members' lists, each batched across concurrent requests (decision 022): one
 * statement for every request of an event-loop turn, nothing cached. Who may see what is decided
 * before, by viewProfile (ruling 9 and ruling 28, itself one batched statement, decision 010): these
 * statements only read lists the viewer may already see.
 */

/** Rows in the statement's order, grouped by `keyOf`. */
function groupBy<R, K, V>(rows: R[], keyOf: (row: R) => K, value: (row: R) => V): Map<K, V[]> {
  const map = new Map<K, V[]>();
  for (const row of rows) {
    const list = map.get(keyOf(row));
    if (list) list.push(value(row));
    else map.set(keyOf(row), [value(row)]);
  }
  return map;
}

/** The favorites set ignores rows with a zero id or a blank title (spec 001 §5). */
const favoritesOf = preparedPerDatabase((db) =>
  db
    .select()
    .from(favorites)
    .where(and(sql`${favorites.userId} = any(${sql.placeholder('users')}::text[])`, gt(favorites.mediaId, 0), sql`btrim(${favorites.title}) <> ''`))
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
    .prepare('profile_favorites'),
);
const watchlistOf = preparedPerDatabase((db) =>
  db
    .select()
    .from(watchlist)
    .where(and(sql`${watchlist.userId} = any(${sql.placeholder('users')}::text[])`, gt(watchlist.mediaId, 0), sql`btrim(${watchlist.title}) <> ''`))
    .orderBy(desc(watchlist.createdAt), desc(watchlist.id))
    .prepare('profile_watchlist'),
);

const loadFavorites = batchedRead<string, FavoriteItem[]>(
  async (db, users) => groupBy(await favoritesOf(db).execute({ users }), (r) => r.userId, toFavorite),
  () => [],
);
const loadWatchlist = batchedRead<string, ListItem[]>(
  async (db, users) => groupBy(await watchlistOf(db).execute({ users }), (r) => r.userId, toItem),
  () => [],
);

/**
 * A profile's favorites or watchlist as the viewer may see them. Privacy is decided by viewProfile
 * (ruling 9), never here; null when the profile does not exist (or is banned).
 */
export async function profileList(deps: AppDeps, profileId: string, viewerId: string | null, list: 'favorites'): Promise<ProfileList<FavoriteItem> | null>;
export async function profileList(deps: AppDeps, profileId: string, viewerId: string | null, list: 'watchlist'): Promise<ProfileList<ListItem> | null>;
export async function profileList(deps: AppDeps, profileId: string, viewerId: string | null, list: 'favorites' | 'watchlist'): Promise<ProfileList<ListItem> | null> {
  const profile = await viewProfile(deps, { id: profileId }, viewerId);
  if (!profile) return null;
  if (!profile.visible[list]) return { visible: false, items: [] };
  const items = await (list === 'favorites' ? loadFavorites : loadWatchlist)(deps.database.db, profile.id);
  return { visible: true, items };
}

/** Titles both members of each (viewer, other) pair favorited, the other's newest first. */
const sharedOf = preparedPerDatabase((db) =>
  db
    .select({
      ord: sql<number>`k.ord::int`,
      mediaType: sql<MediaType>`f.media_type`,
      mediaId: sql<number>`f.media_id`,
      title: sql<string>`f.title`,
      posterPath: sql<string | null>`f.poster_path`,
    })
    .from(
      sql`unnest(${sql.placeholder('viewers')}::text[], ${sql.placeholder('others')}::text[]) with ordinality as k(viewer, other, ord)
        join ${favorites} f on f.user_id = k.other and f.media_id > 0 and btrim(f.title) <> ''
        join ${favorites} mine on mine.user_id = k.viewer and mine.media_type = f.media_type and mine.media_id = f.media_id`,
    )
    .orderBy(sql`k.ord, f.created_at desc`)
    .prepare('shared_favorites'),
);

/** The key: viewer and other, as JSON. */
const loadShared = batchedRead<string, SharedFavorite[]>(
  async (db, keys) => {
    const pairs = keys.map((key) => JSON.parse(key) as [string, string]);
    const rows = await sharedOf(db).execute({ viewers: pairs.map(([viewer]) => viewer), others: pairs.map(([, other]) => other) });
    return groupBy(
      rows,
      (r) => keys[r.ord - 1]!,
      ({ mediaType, mediaId, title, posterPath }) => ({ mediaType, mediaId, title, posterPath }),
    );
  },
  () => [],
);

/** Titles both the viewer and the other user favorited; empty when the other's favorites are hidden from the viewer. */
export async function sharedFavorites(deps: AppDeps, viewerId: string, otherId: string): Promise<SharedFavorite[] | null> {
  const profile = await viewProfile(deps, { id: otherId }, viewerId);
  if (!profile) return null;
  if (!profile.visible.favorites || profile.id === viewerId) return [];
  return loadShared(deps.database.db, JSON.stringify([viewerId, profile.id]));
}

/** How many users have each title among their favorites (favorites_title_idx), one statement for a batch of titles. */
const countsOf = preparedPerDatabase((db) =>
  db
    .select({
      ord: sql<number>`k.ord::int`,
      n: sql<number>`(select count(*)::int from ${favorites} f where f.media_type = k.type and f.media_id = k.id and f.media_id > 0 and btrim(f.title) <> '')`,
    })
    .from(sql`unnest(${sql.placeholder('types')}::text[], ${sql.placeholder('ids')}::int[]) with ordinality as k(type, id, ord)`)
    .prepare('favorite_counts'),
);

const loadFavoriteCount = batchedRead<string, number>(
  async (db, keys) => {
    const titles = keys.map((key) => JSON.parse(key) as [MediaType, number]);
    const rows = await countsOf(db).execute({ types: titles.map(([type]) => type), ids: titles.map(([, id]) => id) });
    return new Map(rows.map((r) => [keys[r.ord - 1]!, Number(r.n)]));
  },
  () => 0,
);

/**
 * How many users have the title among their favorites. Everyone counts, private accounts too: the
 * spec's "favorited-by count" is an anonymous total that names nobody, and no list of who favorited
 * a title exists.
 */
export function favoriteCount(deps: AppDeps, type: MediaType, id: number): Promise<number> {
  return loadFavoriteCount(deps.database.db, JSON.stringify([type, id]));
}
