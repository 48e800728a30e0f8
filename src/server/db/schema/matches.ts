import { sql } from 'drizzle-orm';
import { bigint, bit, boolean, customType, date, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * How many favorites rows each title has, in 16 shards per title (by a hash of the fan's id), kept by
 * statement triggers on favorites (migrations match_title_fans, title_fan_shards). Sharded because
 * every favorite of a title updated one row, and the fans of a title in vogue queued on its lock until
 * each commit reached the disk (decision 014, amendment 3). The view `title_fans` (media_type,
 * media_id, fans) sums them; the match rebalance reads it to pick the titles counted by bitmask. The
 * ranking never depends on it being exact.
 */
export const titleFanShards = pgTable(
  'title_fan_shards',
  {
    mediaType: text('media_type', { enum: ['movie', 'tv'] }).notNull(),
    mediaId: integer('media_id').notNull(),
    shard: smallint('shard').notNull(),
    fans: integer('fans').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mediaType, t.mediaId, t.shard] })],
);

/**
 * A free user's matches of the day (ruling 20): the first three of their ranking at their first
 * visit of the UTC day, kept until the next day. One row per user; a new day replaces it.
 */
export const matchDaily = pgTable('match_daily', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  matchIds: text('match_ids').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Titles with a bit in match_sigs.heavy: the most popular ones, chosen by match_rebalance() (decision 014). */
export const MATCH_HEAVY_SLOTS = 512;

/**
 * The popular titles that the match search counts by bitmask instead of fan by fan (decision 014).
 * Which titles are here changes only speed, never the ranking: match_rebalance() rewrites this table
 * and every match_sigs.heavy in one transaction, with favorites locked against writes.
 */
export const matchHeavyTitles = pgTable(
  'match_heavy_titles',
  {
    mediaType: text('media_type', { enum: ['movie', 'tv'] }).notNull(),
    mediaId: integer('media_id').notNull(),
    slot: smallint('slot').notNull().unique(),
  },
  (t) => [primaryKey({ columns: [t.mediaType, t.mediaId] })],
);

/** A 64-bit transaction id (PostgreSQL's xid8), as its decimal text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * One narrow row per user for the match search (decision 014), kept by triggers on favorites,
 * profiles and user: how many favorites, which heavy titles (bit `slot` of `heavy`), whether the
 * user may appear in others' matches (ruling 19: verified, not banned, not private, favorites
 * shown) and their favorite genres. A search scans these rows instead of the popular titles' fans.
 */
export const matchSigs = pgTable(
  'match_sigs',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    n: integer('n').notNull().default(0),
    heavy: bit('heavy', { dimensions: MATCH_HEAVY_SLOTS })
      .notNull()
      .default(sql`repeat('0', 512)::bit(512)`),
    visible: boolean('visible').notNull().default(false),
    genres: text('genres').array().notNull().default([]),
    /** The same genres as bits (match_genre_bits(): bit i for the i-th known genre name), so the search counts shared genres with one bit_count. */
    genreBits: bit('genre_bits', { dimensions: 64 })
      .notNull()
      .default(sql`repeat('0', 64)::bit(64)`),
    /**
     * The transaction that last wrote the row (a BEFORE trigger sets it), so a server's copy of these
     * rows (modules/matches/sig-mirror.ts, decision 091) reads only the rows its snapshot has not seen.
     */
    changed: xid8('changed')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [index('match_sigs_changed_idx').on(t.changed)],
);

/** The match_sigs rows deleted (an account deleted), so a server's copy drops them too (decision 091). */
export const matchSigsGone = pgTable(
  'match_sigs_gone',
  {
    userId: text('user_id').notNull(),
    changed: xid8('changed')
      .notNull()
      .default(sql`pg_current_xact_id()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('match_sigs_gone_changed_idx').on(t.changed)],
);

/**
 * One row: the transaction that last pruned match_sigs_gone or truncated match_sigs. A server's copy
 * whose snapshot has not seen it may have missed a deletion, and reads everything again (decision 091).
 */
export const matchSigsHorizon = pgTable('match_sigs_horizon', {
  id: smallint('id').primaryKey(),
  xid: xid8('xid')
    .notNull()
    .default(sql`pg_current_xact_id()`),
});

/**
 * A counter of writes to what a matches page reads (ADR 087): statement triggers on favorites,
 * profiles, user, follows, blocks, mutes, match_sigs and match_heavy_titles add 1 to the row of
 * the writing backend (`pg_backend_pid()`), so concurrent writers never wait on each other's row.
 * The sum over the rows, read in the snapshot of a request, is the same only if no such write
 * committed in between: a page kept under it is still exact. The rebalancer folds finished
 * backends' rows into row 0 (sum unchanged).
 */
export const matchEpoch = pgTable('match_epoch', {
  backend: integer('backend').primaryKey(),
  v: bigint('v', { mode: 'number' }).notNull(),
});
