import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

const listColumns = {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  mediaId: integer('media_id').notNull(),
  mediaType: text('media_type', { enum: ['movie', 'tv'] }).notNull(),
  title: text('title').notNull(),
  posterPath: text('poster_path'),
  releaseDate: text('release_date'),
  voteAverage: real('vote_average'),
  genres: text('genres')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A user's favorite titles, each rated 1 to 5 (spec 001 §3). One row per user and title. */
export const favorites = pgTable('favorites', { ...listColumns, userRating: integer('user_rating').notNull() }, (t) => [
  uniqueIndex('favorites_user_title_idx').on(t.userId, t.mediaType, t.mediaId),
  // With user_id in the key, a title's fans are read from the index alone (the match search counts the rare titles' fans: decision 014).
  index('favorites_title_idx').on(t.mediaType, t.mediaId, t.userId),
  check('favorites_rating_range', sql`${t.userRating} BETWEEN 1 AND 5`),
]);

/** Titles a user wants to watch. One row per user and title. */
export const watchlist = pgTable('watchlist', { ...listColumns }, (t) => [uniqueIndex('watchlist_user_title_idx').on(t.userId, t.mediaType, t.mediaId)]);
