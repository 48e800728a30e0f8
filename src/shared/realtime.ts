import { z } from 'zod';
import { mediaTypeSchema } from './lists';

/**
 * Every event the server writes on GET /api/events, declared once: the server's `publish` accepts
 * only these, and the web parses what arrives with the same schema. Events carry ids and small
 * scalars only, never content: the client refetches what it shows. No imports beyond Zod and the
 * shared schemas: runs in the browser too.
 */

const id = z.string().min(1);

export const realtimeEventSchema = z.discriminatedUnion('type', [
  /** A message was sent between `from` and `to` (both hear it). */
  z.object({ type: z.literal('message'), id, from: id, to: id }),
  /** A notification arrived; `popup` asks the tab for a toast (the user's preference). */
  z.object({ type: z.literal('notification'), id, popup: z.boolean() }),
  /** `by` read the conversation `with` the other user. */
  z.object({ type: z.literal('messages-read'), by: id, with: id }),
  /** `by` deleted the conversation `with` the other user. */
  z.object({ type: z.literal('conversation-deleted'), by: id, with: id }),
  /**
   * The user's unread counts changed: the badges take them as they are (no refetch). `version` only
   * grows; a push older than one already shown is ignored.
   */
  z.object({ type: z.literal('unread-counts'), notifications: z.number().int().nonnegative(), messages: z.number().int().nonnegative(), version: z.number().int().nonnegative() }),
  /** The user's notifications changed (read, deleted) on another tab or by another action. */
  z.object({ type: z.literal('notifications-changed') }),
  /** Something shown on `userId`'s profile changed. */
  z.object({ type: z.literal('profile-updated'), userId: id }),
  /** `userId`'s follower or following count changed. */
  z.object({ type: z.literal('follower-stats-changed'), userId: id }),
  /** The favorited-by count of a title changed. */
  z.object({ type: z.literal('favorite-count'), mediaType: mediaTypeSchema, mediaId: z.number().int().positive() }),
  /** A forum's thread list changed (a thread created, deleted or pinned). */
  z.object({ type: z.literal('forum-threads-changed'), forumId: id }),
  /** A thread changed: a reply, an edit, a like or a count. */
  z.object({ type: z.literal('forum-thread-changed'), forumId: id, threadId: id }),
  /** Someone the user follows did something their Following tab may show (or changed who may see it): refetch it. */
  z.object({ type: z.literal('feed-changed') }),
  /** The user's data export moved on (decision 056): the Settings card refetches; `ready` also shows a toast. */
  z.object({ type: z.literal('data-export'), id, status: z.enum(['running', 'ready', 'failed']) }),
  /** The user's import (issue 21) moved on: `processed` of `total` titles written, or it ended (`status`). */
  z.object({
    type: z.literal('import-progress'),
    id,
    processed: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
  }),
  /** A founding spot was taken. */
  z.object({ type: z.literal('founding-count') }),
  /** Events may have been missed (the server's listener reconnected): refetch everything. */
  z.object({ type: z.literal('resync') }),
]);

export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventType = RealtimeEvent['type'];
/** The event of one type, such as `RealtimeEventOf<'message'>`. */
export type RealtimeEventOf<T extends RealtimeEventType> = Extract<RealtimeEvent, { type: T }>;

/** The event in `data`, or null when it is not one of ours (unknown type, missing or wrong field). */
export function parseRealtimeEvent(data: unknown): RealtimeEvent | null {
  const parsed = realtimeEventSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The SSE id of an event: its position in the event log, a positive whole number. */
export const eventIdSchema = z.string().regex(/^[1-9]\d{0,14}$/, 'An event id is a positive whole number.');
