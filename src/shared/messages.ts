import { z } from 'zod';
import { text } from './text';

/** Direct messages (spec 000 §2, §4, §5, §8). */
export const MESSAGE_MAX_LENGTH = 2000;
/** Per user, across instances (counted in the database). */
export const MESSAGE_RATE_LIMIT = { max: 30, windowMs: 60_000 } as const;
/** Ruling 5: the low-message warning shows at this many remaining, only when the premium gate is on. */
export const LOW_MESSAGE_WARNING_AT = 3;

export const MESSAGE_TEXT = {
  empty: 'No messages yet. Start the conversation!',
  sent: 'Message sent',
  deletedUser: 'Deleted user',
  tooFast: 'You are sending messages too quickly. Please wait a minute and try again.',
  tooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`,
  emptyContent: 'Message cannot be empty.',
  self: 'You cannot message yourself.',
  cannotMessage: 'This user cannot receive messages.',
  youBlocked: 'You blocked this user. Unblock them to send messages.',
  banned: 'Your account has been banned.',
  userNotFound: 'User not found',
  premiumRequired: 'Upgrade to Premium to send messages.',
  sendFailed: 'Failed to send message. Please try again.',
  /** A send refused for good (trying again cannot help): the toast says what happened instead. */
  sendRefused: 'Message not sent',
  /** A send refused because one of the pair blocked the other (ruling 28; the server says SAFETY_TEXT.cannotInteract). */
  blockedSend: "You can't message this person.",
  loadMessagesFailed: 'Failed to load messages. Please try again.',
  loadConversationsFailed: 'Failed to load conversations. Please try again.',
  markReadFailed: 'Failed to mark messages as read.',
  deleteFailed: 'Failed to delete conversation. Please try again.',
} as const;

export const sendMessageSchema = z.strictObject({
  content: text().trim().min(1, MESSAGE_TEXT.emptyContent).max(MESSAGE_MAX_LENGTH, MESSAGE_TEXT.tooLong),
  /**
   * Made by the sending tab once per message and sent again with every retry: the server stores a
   * message once per sender and clientId, so a retry after a lost answer does not send it twice.
   */
  clientId: z.uuid('Invalid message id.').optional(),
});

/** The other participant; deleted is true when the account is gone (username and names are then null). */
export const conversationUserSchema = z
  .object({ id: z.string(), username: z.string().nullable(), fullName: z.string().nullable(), avatarUrl: z.string().nullable(), deleted: z.boolean() })
  .meta({ id: 'ConversationUser' });
export type ConversationUser = z.output<typeof conversationUserSchema>;

export const messageViewSchema = z.object({ id: z.string(), content: z.string(), fromMe: z.boolean(), read: z.boolean(), createdAt: z.string() }).meta({ id: 'Message' });
export type MessageView = z.output<typeof messageViewSchema>;

export const conversationSummarySchema = z
  .object({
    user: conversationUserSchema,
    /** The last message, its content cut to a preview. */
    lastMessage: messageViewSchema,
    unreadCount: z.number().int(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.output<typeof conversationSummarySchema>;

export const conversationViewSchema = z
  .object({
    user: conversationUserSchema,
    /** False when the other account is deleted or banned, or when I blocked them. */
    canMessage: z.boolean(),
    /** I blocked the other user (issue 20): I read the conversation but cannot send in it. */
    blockedByMe: z.boolean(),
    messages: z.array(messageViewSchema),
  })
  .meta({ id: 'Conversation' });
export type ConversationView = z.output<typeof conversationViewSchema>;

/** The other participant of a conversation, in the path. */
export const conversationParamsSchema = z.object({ userId: text().min(1).max(64) });

/** GET /api/messages/conversations: search by the other participant's name. */
export const conversationsQuerySchema = z.object({ q: text().max(50).optional() });

/** A user's display name in messaging: full name, else @username, else 'Deleted user'. */
export function conversationName(u: Pick<ConversationUser, 'fullName' | 'username' | 'deleted'>): string {
  if (u.deleted) return MESSAGE_TEXT.deletedUser;
  return u.fullName?.trim() || u.username || 'User';
}
