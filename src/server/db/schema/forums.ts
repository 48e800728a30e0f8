import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * Forums (spec 001 §3): one per title (created on first use) and one per genre. `key` is
 * `title:{movie|tv}:{id}` or `genre:{lowercased name}`, unique, so concurrent get-or-create calls
 * make one row. `thread_count` moves with each thread inserted or deleted, in the same transaction.
 */
export const forums = pgTable(
  'forums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    type: text('type', { enum: ['title', 'genre'] }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    referenceType: text('reference_type', { enum: ['movie', 'tv'] }),
    referenceId: integer('reference_id'),
    genreName: text('genre_name'),
    threadCount: integer('thread_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('forums_key_idx').on(t.key), check('forums_thread_count_non_negative', sql`${t.threadCount} >= 0`)],
);

/** A thread and its first post. Counts are kept by the service in the transaction of each change. */
export const forumThreads = pgTable(
  'forum_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    forumId: uuid('forum_id')
      .notNull()
      .references(() => forums.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    replyCount: integer('reply_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    followCount: integer('follow_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Keyset pages of a forum: pinned first, then newest (scanned backwards).
    index('forum_threads_forum_order_idx').on(t.forumId, t.isPinned, t.createdAt, t.id),
    index('forum_threads_author_idx').on(t.authorId, t.createdAt),
    check('forum_threads_counts_non_negative', sql`${t.replyCount} >= 0 AND ${t.likeCount} >= 0 AND ${t.followCount} >= 0`),
  ],
);

/** Replies, oldest first; a reply to a reply names it (one level deep: the service points deeper ones at the top reply). */
export const forumReplies = pgTable(
  'forum_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    parentReplyId: uuid('parent_reply_id').references((): AnyPgColumn => forumReplies.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('forum_replies_thread_order_idx').on(t.threadId, t.createdAt, t.id),
    index('forum_replies_parent_idx').on(t.parentReplyId),
    index('forum_replies_author_idx').on(t.authorId, t.createdAt),
    check('forum_replies_like_count_non_negative', sql`${t.likeCount} >= 0`),
  ],
);

export const threadLikes = pgTable(
  'thread_likes',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('thread_likes_user_idx').on(t.userId)],
);

export const replyLikes = pgTable(
  'reply_likes',
  {
    replyId: uuid('reply_id')
      .notNull()
      .references(() => forumReplies.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.userId] }), index('reply_likes_user_idx').on(t.userId)],
);

export const threadFollows = pgTable(
  'thread_follows',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] }), index('thread_follows_user_idx').on(t.userId, t.createdAt)],
);

/** Reports of a thread or a reply, open until an admin resolves them (the admin queue, issue 17). */
export const reportedPosts = pgTable(
  'reported_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: ['spam', 'harassment', 'hate_speech', 'off_topic', 'other'] }).notNull(),
    threadId: uuid('thread_id').references(() => forumThreads.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => forumReplies.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('reported_posts_status_created_idx').on(t.status, t.createdAt),
    index('reported_posts_thread_idx').on(t.threadId),
    index('reported_posts_reply_idx').on(t.replyId),
    check('reported_posts_one_target', sql`(${t.threadId} IS NOT NULL) <> (${t.replyId} IS NOT NULL)`),
  ],
);
