import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { forumThreads } from './forums';
import { favorites, watchlist } from './lists';

/**
 * The activity feed's rows (issue 21 part 3, decision 052): what a user did that their followers'
 * Following tab shows. Written by triggers in the transaction of the change itself (migration
 * activities_triggers), whoever writes; each row points at its source row, so removing a favorite,
 * a watchlist entry or a thread removes its activity by the foreign key's cascade. Who may see a row
 * is decided when the feed is read (ruling 9), never here.
 */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['favorite', 'rating', 'watching', 'watchlist', 'thread'] }).notNull(),
    mediaType: text('media_type', { enum: ['movie', 'tv'] }),
    mediaId: integer('media_id'),
    /** The title's name, or the thread's title (kept in step with edits by a trigger). */
    title: text('title').notNull(),
    posterPath: text('poster_path'),
    rating: integer('rating'),
    favoriteId: uuid('favorite_id').references(() => favorites.id, { onDelete: 'cascade' }),
    watchlistId: uuid('watchlist_id').references(() => watchlist.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id').references(() => forumThreads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The feed reads each followed person's newest rows by this index, scanned backwards (created_at
    // DESC, id DESC); `kind` in it lets the privacy filter run on the index alone (an index-only scan).
    index('activities_actor_created_idx').on(t.actorId, t.createdAt, t.id, t.kind),
    // The feed's fast path walks everyone's newest rows by this one (backwards, index-only).
    index('activities_created_idx').on(t.createdAt, t.id, t.actorId, t.kind),
    // The cascades and the triggers find a source row's activities by these.
    index('activities_favorite_idx')
      .on(t.favoriteId)
      .where(sql`${t.favoriteId} IS NOT NULL`),
    index('activities_watchlist_idx')
      .on(t.watchlistId)
      .where(sql`${t.watchlistId} IS NOT NULL`),
    index('activities_thread_idx')
      .on(t.threadId)
      .where(sql`${t.threadId} IS NOT NULL`),
    check('activities_rating_range', sql`${t.rating} IS NULL OR ${t.rating} BETWEEN 1 AND 5`),
  ],
);
