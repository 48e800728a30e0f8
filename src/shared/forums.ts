import { z } from 'zod';
import { ALL_GENRES } from './catalogue';
import { mediaTypeSchema } from './lists';
import { text } from './text';

/**
 * Forums (spec 001 §2 Discussions, §3–§9; rulings 24, 25): per-title and per-genre forums, threads,
 * replies, likes, follows and reports. Limits and texts are the spec's, shared by the server's
 * validation and the web's forms. Text is plain: the web never renders it as HTML.
 */

export const THREAD_TITLE_MAX = 200;
/** Replies and the first post of a thread (ruling 24). */
export const POST_MAX = 1000;
export const REPORT_DETAIL_MAX = 500;
export const THREAD_PAGE_SIZE = 20;
export const REPLY_PAGE_SIZE = 50;
/** Posts (threads and replies) a user may write a minute. */
export const POSTS_PER_MINUTE = 10;
/** Mentions notified per post; more are shown but not notified. */
export const MENTIONS_MAX = 10;

export const REPORT_REASONS = ['spam', 'harassment', 'hate_speech', 'off_topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment',
  hate_speech: 'Hate speech',
  off_topic: 'Off topic',
  other: 'Other',
};

export const FORUM_TEXT = {
  shareText: (title: string) => `Check out the discussion about ${title} on Reelmates!`,
  emptyPremium: (name: string) => `No discussions yet. Be the first to talk about ${name}!`,
  emptyFree: 'Want to start the conversation?',
  privateForums: 'Forum participation is private',
  signInRequired: 'Sign in required',
  premiumOnly: 'Starting a thread is a Premium feature.',
  onlyAuthor: 'Only the author can do that.',
  rateLimited: `You're posting too quickly. You can write ${POSTS_PER_MINUTE} posts a minute; please wait a moment.`,
  threadNotFound: 'Thread not found',
  replyNotFound: 'Reply not found',
  forumNotFound: 'Forum not found',
  // Toasts (spec 001 §8).
  replyPosted: 'Reply posted',
  threadCreated: 'Thread created',
  threadUpdated: 'Thread updated',
  threadDeleted: 'Thread deleted',
  followingThread: 'Following thread',
  unfollowedThread: 'Unfollowed thread',
  reportSubmitted: 'Report submitted',
  reportFailed: 'Failed to submit report. Please try again.',
  replyFailed: 'Failed to post reply. Please try again.',
  createFailed: 'Failed to create thread. Please try again.',
  updateFailed: 'Failed to update thread. Please try again.',
  followFailed: 'Failed to toggle thread follow. Please try again.',
  deleteFailed: 'Failed to delete thread. Please try again.',
  // Replies and pins have no spec text; these follow the threads' wording (ruling 24).
  replyUpdated: 'Reply updated',
  replyDeleted: 'Reply deleted',
  replyUpdateFailed: 'Failed to update reply. Please try again.',
  replyDeleteFailed: 'Failed to delete reply. Please try again.',
  threadPinned: 'Thread pinned',
  threadUnpinned: 'Thread unpinned',
  pinFailed: 'Failed to pin thread. Please try again.',
  countsWarning: 'Update Warning: There may have been an issue updating the display. Please refresh if counts seem incorrect.',
} as const;

const trimmed = (max: number, what: string) =>
  text()
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} must be at most ${max.toLocaleString('en-US')} characters.`);

export const threadTitleSchema = trimmed(THREAD_TITLE_MAX, 'Title');
export const postContentSchema = trimmed(POST_MAX, 'Text');

export const createThreadSchema = z.strictObject({ title: threadTitleSchema, content: postContentSchema });
export type CreateThreadInput = z.input<typeof createThreadSchema>;
export const updateThreadSchema = z
  .strictObject({ title: threadTitleSchema.optional(), content: postContentSchema.optional() })
  .refine((v) => v.title !== undefined || v.content !== undefined, 'Nothing to update.');
export const createReplySchema = z.strictObject({ content: postContentSchema, parentReplyId: z.uuid('Invalid reply id.').nullish() });
export type CreateReplyInput = z.input<typeof createReplySchema>;
export const updateReplySchema = z.strictObject({ content: postContentSchema });
export const pinSchema = z.strictObject({ pinned: z.boolean() });

export const reportPostSchema = z
  .strictObject({
    threadId: z.uuid('Invalid thread id.').optional(),
    replyId: z.uuid('Invalid reply id.').optional(),
    reason: z.enum(REPORT_REASONS, 'Choose a reason.'),
    message: text().trim().max(REPORT_DETAIL_MAX, `Details must be at most ${REPORT_DETAIL_MAX} characters.`).optional(),
  })
  .refine((v) => (v.threadId === undefined) !== (v.replyId === undefined), 'Report one thread or one reply.')
  // The detail box exists only for 'other' (spec 001 §4).
  .refine((v) => v.reason === 'other' || !v.message, { message: 'Details are only for the reason Other.', path: ['message'] });
export type ReportPostInput = z.input<typeof reportPostSchema>;

export const GENRE_FORUM_NAMES: readonly string[] = ALL_GENRES.map((g) => g.name);

export const forumIdParamsSchema = z.object({ forumId: z.uuid('Invalid forum id.') });
export const threadIdParamsSchema = z.object({ id: z.uuid('Invalid thread id.') });
export const replyIdParamsSchema = z.object({ id: z.uuid('Invalid reply id.') });
export const titleForumParamsSchema = z.object({ type: mediaTypeSchema, id: z.coerce.number().int().positive().max(2_147_483_647) });
export const genreForumParamsSchema = z.object({
  name: text()
    .max(50)
    .refine((n) => GENRE_FORUM_NAMES.includes(n), 'Unknown genre.'),
});
export const pageQuerySchema = z.object({
  /** The id of the last item of the previous page. */
  after: z.uuid('Invalid cursor.').optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const forumSchema = z
  .object({
    id: z.string(),
    type: z.enum(['title', 'genre']),
    name: z.string(),
    description: z.string(),
    referenceType: mediaTypeSchema.nullable(),
    referenceId: z.number().int().nullable(),
    genreName: z.string().nullable(),
    threadCount: z.number().int(),
  })
  .meta({ id: 'Forum' });
export type Forum = z.output<typeof forumSchema>;

export const titleForumsSchema = z.object({ title: forumSchema, genres: z.array(forumSchema) }).meta({ id: 'TitleForums' });

/**
 * A post's author. Between a blocked pair each sees the other's authorship hidden (ruling 28):
 * `hidden` true, the id empty, the name 'Hidden user', no avatar.
 */
export const forumAuthorSchema = z
  .object({ id: z.string(), username: z.string(), avatarUrl: z.string().nullable(), foundingMember: z.boolean(), hidden: z.boolean() })
  .meta({ id: 'ForumAuthor' });
export type ForumAuthor = z.output<typeof forumAuthorSchema>;

export const threadSchema = z
  .object({
    id: z.string(),
    forumId: z.string(),
    title: z.string(),
    content: z.string(),
    isPinned: z.boolean(),
    replyCount: z.number().int(),
    likeCount: z.number().int(),
    followCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    author: forumAuthorSchema,
    likedByMe: z.boolean(),
    followedByMe: z.boolean(),
    isMine: z.boolean(),
    /** The viewer muted the author: the web collapses the post ('Post from a muted user'). */
    mutedAuthor: z.boolean(),
  })
  .meta({ id: 'ForumThread' });
export type ForumThread = z.output<typeof threadSchema>;

export const replySchema = z
  .object({
    id: z.string(),
    threadId: z.string(),
    parentReplyId: z.string().nullable(),
    content: z.string(),
    likeCount: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    author: forumAuthorSchema,
    likedByMe: z.boolean(),
    isMine: z.boolean(),
    /** The viewer muted the author: the web collapses the post ('Post from a muted user'). */
    mutedAuthor: z.boolean(),
  })
  .meta({ id: 'ForumReply' });
export type ForumReply = z.output<typeof replySchema>;

export const threadPageSchema = z.object({ items: z.array(threadSchema), nextCursor: z.string().nullable() }).meta({ id: 'ForumThreadPage' });
export type ThreadPage = z.output<typeof threadPageSchema>;
export const replyPageSchema = z.object({ items: z.array(replySchema), nextCursor: z.string().nullable() }).meta({ id: 'ForumReplyPage' });
export type ReplyPage = z.output<typeof replyPageSchema>;

export const likeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() }).meta({ id: 'LikeState' });
export const followStateSchema = z.object({ following: z.boolean(), followCount: z.number().int() }).meta({ id: 'ThreadFollowState' });

/** A post on a profile's Forums tab: where it was written. */
export const profileThreadSchema = z.object({
  id: z.string(),
  title: z.string(),
  forumName: z.string(),
  forumId: z.string(),
  createdAt: z.string(),
  replyCount: z.number().int(),
  likeCount: z.number().int(),
});
export const profileReplySchema = z.object({
  id: z.string(),
  threadId: z.string(),
  threadTitle: z.string(),
  forumName: z.string(),
  forumId: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export const profileForumsSchema = z
  .object({
    /** False when the viewer may not see them (ruling 9): the lists are then empty. */
    visible: z.boolean(),
    threads: z.array(profileThreadSchema),
    replies: z.array(profileReplySchema),
    following: z.array(profileThreadSchema),
  })
  .meta({ id: 'ProfileForums' });
export type ProfileForums = z.output<typeof profileForumsSchema>;

/** `@username` mentions: the same rule finds them on the server (notifications) and highlights them on the web. */
export const MENTION_PATTERN = /(^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{3,50})\b/g;

export function mentionedUsernames(content: string): string[] {
  const names = new Set<string>();
  for (const m of content.matchAll(MENTION_PATTERN)) names.add(m[2]!.toLowerCase());
  return [...names];
}

/** Splits plain text into runs and `@mentions` for rendering as text nodes (never as HTML). */
export function splitMentions(content: string): { text: string; mention: boolean }[] {
  const parts: { text: string; mention: boolean }[] = [];
  let last = 0;
  for (const m of content.matchAll(MENTION_PATTERN)) {
    const start = m.index + m[1]!.length;
    if (start > last) parts.push({ text: content.slice(last, start), mention: false });
    parts.push({ text: `@${m[2]}`, mention: true });
    last = start + m[2]!.length + 1;
  }
  if (last < content.length) parts.push({ text: content.slice(last), mention: false });
  return parts;
}
