import { z } from 'zod';
import { FORUM_TEXT, POSTS_PER_MINUTE } from '../forums';
import type { RateLimit } from './contract';

/** What the forum route tables (forums.ts, forum-threads.ts, forum-replies.ts) share. */

export const tags = ['Forums'];
export const ok = z.object({ ok: z.literal(true) });

/** Threads and replies together: POSTS_PER_MINUTE a user, across instances (issue 15). */
export const posts: RateLimit = { bucket: 'forum-posts', per: 'user', max: POSTS_PER_MINUTE, windowMs: 60_000, message: FORUM_TEXT.rateLimited };
/** Likes, follows, edits and deletes: generous, against scripted floods only. */
export const actions: RateLimit = { bucket: 'forum-actions', per: 'user', max: 120, windowMs: 60_000 };
export const reports: RateLimit = {
  bucket: 'forum-reports',
  per: 'user',
  max: 10,
  windowMs: 60 * 60_000,
  message: 'You have sent many reports in a short time. Please try again later.',
};
