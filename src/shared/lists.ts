import { z } from 'zod';
import type { MediaType } from './catalogue';

/** Favorites, watchlist and currently watching (spec 001 §3, §4, §8; spec 000 §2). No imports beyond Zod: runs in the browser too. */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** Profile lists show this many items, then 'View More' adds as many again. */
export const LIST_PAGE_SIZE = 10;
/** Genre chips shown before '+N more'. */
export const GENRE_CHIP_LIMIT = 12;
/** Genres shown on a profile list item before '+N'. */
export const ITEM_GENRE_LIMIT = 2;

export const mediaTypeSchema = z.enum(['movie', 'tv'], { message: 'type must be movie or tv' });
export const mediaIdSchema = z.coerce
  .number({ message: 'id must be a number' })
  .int('id must be a whole number')
  .positive('id must be positive')
  .max(2_147_483_647, 'id is too large');
export const ratingSchema = z
  .number({ message: 'rating must be a number from 1 to 5' })
  .int('rating must be a whole number')
  .min(RATING_MIN, 'rating must be from 1 to 5')
  .max(RATING_MAX, 'rating must be from 1 to 5');

export const titleKeyParamsSchema = z.object({ type: mediaTypeSchema, id: mediaIdSchema });
export const addFavoriteSchema = z.strictObject({ mediaType: mediaTypeSchema, mediaId: mediaIdSchema, rating: ratingSchema });
export const updateRatingSchema = z.strictObject({ rating: ratingSchema });
export const titleKeySchema = z.strictObject({ mediaType: mediaTypeSchema, mediaId: mediaIdSchema });

export interface TitleKey {
  mediaType: MediaType;
  mediaId: number;
}

/** One title kept on a list, with what the catalogue said when it was added. */
export const listItemSchema = z
  .object({
    mediaType: mediaTypeSchema,
    mediaId: z.number().int(),
    title: z.string(),
    /** Absolute poster URL (TMDB) or our own drawing in the offline catalogue. */
    posterPath: z.string().nullable(),
    releaseDate: z.string().nullable(),
    voteAverage: z.number().nullable(),
    genres: z.array(z.string()),
    addedAt: z.string(),
  })
  .meta({ id: 'ListItem' });
export type ListItem = z.output<typeof listItemSchema>;

export const favoriteItemSchema = listItemSchema.extend({ rating: z.number().int() }).meta({ id: 'FavoriteItem' });
export type FavoriteItem = z.output<typeof favoriteItemSchema>;

/** The signed-in user's own list state, for the buttons on cards and the details page. */
export const myListsSchema = z
  .object({
    favorites: z.array(z.object({ mediaType: mediaTypeSchema, mediaId: z.number().int(), rating: z.number().int() })),
    watchlist: z.array(z.object({ mediaType: mediaTypeSchema, mediaId: z.number().int() })),
    currentlyWatching: z.object({ mediaType: mediaTypeSchema, mediaId: z.number().int(), title: z.string(), posterPath: z.string().nullable(), setAt: z.string() }).nullable(),
  })
  .meta({ id: 'MyLists' });
export type MyLists = z.output<typeof myListsSchema>;

/** A profile's list as the viewer may see it; items are empty when hidden. */
export const profileListSchema = <T extends z.ZodType>(item: T) => z.object({ visible: z.boolean(), items: z.array(item) });
export interface ProfileList<T extends ListItem> {
  visible: boolean;
  items: T[];
}

export const sharedFavoriteSchema = z
  .object({ mediaType: mediaTypeSchema, mediaId: z.number().int(), title: z.string(), posterPath: z.string().nullable() })
  .meta({ id: 'SharedFavorite' });
export type SharedFavorite = z.output<typeof sharedFavoriteSchema>;

/** POST /api/me/favorites: created is false when the title was already a favorite and only its rating changed. */
export const addFavoriteResultSchema = z.object({ created: z.boolean(), item: favoriteItemSchema }).meta({ id: 'AddFavoriteResult' });
export type AddFavoriteResult = z.output<typeof addFavoriteResultSchema>;

export const listMessages = {
  pleaseLogIn: 'Please log in',
  addedToFavorites: (stars: number) => `Added to favorites with ${stars} ${stars === 1 ? 'star' : 'stars'}`,
  updatedRating: 'Updated rating',
  removedFromFavorites: 'Removed from favorites',
  addedToWatchlist: 'Added to watchlist',
  removedFromWatchlist: 'Removed from watchlist',
  alreadyInWatchlist: (title: string) => `'${title}' is already in your watchlist.`,
  setWatching: (title: string) => `Set "${title}" as currently watching`,
  clearedWatching: 'Removed from currently watching',
  favoritesCleared: 'All favorites have been removed',
  watchlistCleared: 'Your watchlist has been cleared',
  exportSuccessful: 'Export successful',
  nothingToExport: 'Nothing to export',
  listEmpty: 'The list is empty.',
  contentPrivate: "This user's content is private",
  followUp: (title: string) => `Want to talk about ${title} with others?`,
  /** Spec 001 §8: the change went through, but reading the counts back failed. */
  updateWarning: 'Update Warning: There may have been an issue updating the display. Please refresh if counts seem incorrect.',
  errors: {
    addFavorite: 'Failed to add to favorites. Please try again.',
    updateFavorites: 'Failed to update your favorites. Please try again.',
    addWatchlist: 'Failed to add to watchlist. Please try again.',
    removeFavorite: 'Failed to remove from favorites. Please try again.',
    removeWatchlist: 'Failed to remove from watchlist. Please try again.',
    updateRating: 'Failed to update rating. Please try again.',
    updateStatus: 'Failed to update status.',
    clearFavorites: 'Failed to clear favorites.',
    clearWatchlist: 'Failed to clear watchlist.',
    setWatching: 'Could not set item as currently watching.',
    removeItem: 'Could not remove item.',
  },
} as const;

/** The release year of an item, or null. */
export function releaseYear(date: string | null): number | null {
  const year = date ? Number(date.slice(0, 4)) : NaN;
  return Number.isInteger(year) && year > 0 ? year : null;
}

/**
 * The profile list filter (spec 001 §5): the search matches the title or the media type,
 * case-insensitively; an item passes the genre filter when it has any selected genre.
 */
export function filterListItems<T extends ListItem>(items: readonly T[], search: string, genres: readonly string[]): T[] {
  const q = search.trim().toLowerCase();
  const selected = new Set(genres);
  return items.filter((item) => {
    if (q && !item.title.toLowerCase().includes(q) && !item.mediaType.toLowerCase().includes(q)) return false;
    if (selected.size && !item.genres.some((g) => selected.has(g))) return false;
    return true;
  });
}

/** The genres present in a list, most frequent first, then by name. */
export function listGenres(items: readonly ListItem[]): string[] {
  const counts = new Map<string, number>();
  for (const item of items) for (const g of item.genres) counts.set(g, (counts.get(g) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([g]) => g);
}

export const titleKeyOf = (t: TitleKey) => `${t.mediaType}:${t.mediaId}`;
