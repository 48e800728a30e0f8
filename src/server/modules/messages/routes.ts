import { createRoute, z } from '@hono/zod-openapi';
import { sendMessageSchema } from '../../../shared/messages';
import type { AppDeps } from '../../deps';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { requireUser } from '../accounts/guards';
import { deleteConversation, getConversation, listConversations, markConversationRead, sendMessage, unreadMessageCount } from './service';
import { text } from '../../../shared/text';

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const withUser = z.object({ userId: text().min(1).max(64) });
const denied = { 401: errorSchemaRef, 403: errorSchemaRef };

const conversationUser = z.object({ id: z.string(), username: z.string().nullable(), fullName: z.string().nullable(), avatarUrl: z.string().nullable(), deleted: z.boolean() });
const messageView = z.object({ id: z.string(), content: z.string(), fromMe: z.boolean(), read: z.boolean(), createdAt: z.string() });

const getConversations = createRoute({
  method: 'get',
  path: '/messages/conversations',
  ...access.user,
  summary: 'My conversations, newest first (search by name)',
  request: { query: z.object({ q: text().max(50).optional() }) },
  responses: {
    200: json(z.object({ conversations: z.array(z.object({ user: conversationUser, lastMessage: messageView, unreadCount: z.number() })) })),
    ...denied,
  },
});
const getUnread = createRoute({ method: 'get', path: '/messages/unread-count', ...access.user, summary: 'Messages to me not yet read', responses: { 200: json(z.object({ count: z.number() })), ...denied } });
const getWith = createRoute({
  method: 'get',
  path: '/messages/with/{userId}',
  ...access.user,
  summary: 'My conversation with a user, oldest first',
  request: { params: withUser },
  responses: { 200: json(z.object({ user: conversationUser, canMessage: z.boolean(), messages: z.array(messageView) })), 404: errorSchemaRef, ...denied },
});
const postWith = createRoute({
  method: 'post',
  path: '/messages/with/{userId}',
  ...access.user,
  summary: 'Send a message (30 a minute); a clientId already stored by this sender answers that message with 200',
  request: { params: withUser, body: { required: true, content: { 'application/json': { schema: sendMessageSchema } } } },
  responses: { 201: json(messageView, 'Sent'), 200: json(messageView, 'Sent before under this clientId'), 400: errorSchemaRef, 404: errorSchemaRef, 429: errorSchemaRef, ...denied },
});
const postRead = createRoute({
  method: 'post',
  path: '/messages/with/{userId}/read',
  ...access.user,
  summary: 'Mark every message from that user to me read',
  request: { params: withUser },
  responses: { 200: json(z.object({ updated: z.number() })), ...denied },
});
const deleteWith = createRoute({
  method: 'delete',
  path: '/messages/with/{userId}',
  ...access.user,
  summary: 'Delete the conversation for both participants (permanent)',
  request: { params: withUser },
  responses: { 200: json(z.object({ deleted: z.number() })), ...denied },
});

/** Direct messages. Every route is keyed by (me, other), so only the two participants reach a conversation. */
export function messageRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/messages/*', requireUser(deps));
  return router
    .openapi(getConversations, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json({ conversations: await listConversations(deps.database.db, c.get('user').id, c.req.valid('query').q ?? '') }, 200);
    })
    .openapi(getUnread, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json({ count: await unreadMessageCount(deps.database.db, c.get('user').id) }, 200);
    })
    .openapi(getWith, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await getConversation(deps.database.db, c.get('user').id, c.req.valid('param').userId), 200);
    })
    .openapi(postWith, async (c) => {
      const { content, clientId } = c.req.valid('json');
      const { message, created } = await sendMessage(deps, c.get('user'), c.req.valid('param').userId, content, clientId);
      return created ? c.json(message, 201) : c.json(message, 200);
    })
    .openapi(postRead, async (c) => c.json({ updated: await markConversationRead(deps, c.get('user').id, c.req.valid('param').userId) }, 200))
    .openapi(deleteWith, async (c) => c.json({ deleted: await deleteConversation(deps, c.get('user').id, c.req.valid('param').userId) }, 200));
}
