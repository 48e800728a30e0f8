import { z } from 'zod';
import { conversationParamsSchema, conversationsQuerySchema, conversationSummarySchema, conversationViewSchema, messageViewSchema, sendMessageSchema } from '../messages';
import { defineRoutes } from './contract';
import { signedIn, signedInOn } from './authz';

const tags = ['Messages'];

/** Direct messages. Every route is keyed by (me, other), so only the two participants reach a conversation. */
export const messagesApi = defineRoutes({
  conversations: {
    authz: signedIn,
    method: 'get',
    path: '/messages/conversations',
    access: 'user',
    tags,
    summary: 'My conversations, newest first (search by name)',
    query: conversationsQuerySchema,
    status: 200,
    response: z.object({ conversations: z.array(conversationSummarySchema) }),
  },
  unreadCount: {
    authz: signedIn,
    method: 'get',
    path: '/messages/unread-count',
    access: 'user',
    tags,
    summary: 'Messages to me not yet read',
    status: 200,
    response: z.object({ count: z.number().int() }),
  },
  conversation: {
    // No conversation with oneself.
    authz: signedInOn('user', { owner: 404 }),
    method: 'get',
    path: '/messages/with/{userId}',
    access: 'user',
    tags,
    summary: 'My conversation with a user, oldest first',
    params: conversationParamsSchema,
    status: 200,
    response: conversationViewSchema,
    errors: [404],
  },
  send: {
    authz: signedInOn('user', { owner: 400 }),
    method: 'post',
    path: '/messages/with/{userId}',
    access: 'user',
    tags,
    summary: 'Send a message (30 a minute); a clientId already stored by this sender answers that message with 200',
    description:
      'Answers 201 with the new message, or 200 with the one this sender already stored under the same clientId (a retry after a lost answer). ' +
      'Refused with 403 to a banned sender or receiver, 404 for an unknown or unverified receiver, 429 past 30 messages a minute (counted in the service: a replay does not count).',
    params: conversationParamsSchema,
    body: sendMessageSchema,
    status: [201, 200],
    response: messageViewSchema,
    errors: [403, 404, 429],
  },
  markRead: {
    authz: signedInOn('user'),
    method: 'post',
    path: '/messages/with/{userId}/read',
    access: 'user',
    tags,
    summary: 'Mark every message from that user to me read',
    params: conversationParamsSchema,
    status: 200,
    response: z.object({ updated: z.number().int() }),
    errors: [404],
  },
  remove: {
    authz: signedInOn('user'),
    method: 'delete',
    path: '/messages/with/{userId}',
    access: 'user',
    tags,
    summary: 'Delete the conversation for both participants (permanent)',
    params: conversationParamsSchema,
    status: 200,
    response: z.object({ deleted: z.number().int() }),
    errors: [404],
  },
});
