import { z } from 'zod';
import { mediaTypeSchema } from './lists';
import { text } from './text';

/**
 * The dashboard's Following tab (issue 21 part 3, decision 052): what the people the user follows
 * did, newest first, as their privacy allows at the moment it is read (ruling 9).
 */
export const FEED_KINDS = ['favorite', 'rating', 'watching', 'watchlist', 'thread'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

export const FEED_PAGE_SIZE = 20;

/** `<created_at, ISO with microseconds>|<uuid>` of the last item of a page. */
export const FEED_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z\|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const feedQuerySchema = z.object({
  /** The `nextCursor` of the page before: the items older than it. */
  before: text().regex(FEED_CURSOR, 'Invalid cursor.').optional(),
  limit: z.coerce.number().int().min(1).max(50).default(FEED_PAGE_SIZE),
});

export const feedItemSchema = z
  .object({
    id: z.string(),
    kind: z.enum(FEED_KINDS),
    createdAt: z.string(),
    actor: z.object({ id: z.string(), username: z.string(), fullName: z.string().nullable(), avatarUrl: z.string().nullable() }),
    /** The title favorited, rated, started or added to the watchlist; null for a thread. */
    media: z.object({ mediaType: mediaTypeSchema, mediaId: z.number().int(), title: z.string(), posterPath: z.string().nullable() }).nullable(),
    /** The rating given (1 to 5) with a favorite or a rating change. */
    rating: z.number().int().min(1).max(5).nullable(),
    /** The thread started; null for the other kinds. */
    thread: z.object({ id: z.string(), title: z.string() }).nullable(),
  })
  .meta({ id: 'FeedItem' });
export type FeedItem = z.output<typeof feedItemSchema>;

export const feedPageSchema = z
  .object({
    items: z.array(feedItemSchema),
    /** Pass as ?before= for the next (older) page; null at the end. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'FeedPage' });
export type FeedPage = z.output<typeof feedPageSchema>;

export const FEED_TEXT = {
  tab: 'Following',
  recentTab: 'Recent Activity',
  empty: 'No activity from people you follow yet.',
  findPeople: 'Find people to follow',
  loadFailed: 'Could not load activity from people you follow.',
  retry: 'Retry',
  loadMore: 'Load more',
} as const;
