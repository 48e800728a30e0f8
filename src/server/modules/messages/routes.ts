import { messagesApi } from '../../../shared/api/messages';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';
import { listConversations } from './conversation-list';
import { deleteConversation, getConversation, markConversationRead, sendMessage, unreadMessageCount } from './service';

/** The handlers of src/shared/api/messages.ts; events, notifications and mails start in the service. */
export function messageRoutes(deps: AppDeps) {
  return routeTable(deps, messagesApi, {
    conversations: async (c) => c.json({ conversations: await listConversations(deps.database.db, c.get('user').id, c.req.valid('query').q ?? '') }, 200),
    unreadCount: async (c) => c.json({ count: await unreadMessageCount(deps.database.db, c.get('user').id) }, 200),
    conversation: async (c) => c.json(await getConversation(deps.database.db, c.get('user').id, c.req.valid('param').userId), 200),
    send: async (c) => {
      const { content, clientId } = c.req.valid('json');
      const { message, created } = await sendMessage(deps, c.get('user'), c.req.valid('param').userId, content, clientId);
      // A replay of a stored clientId answers the message it stored: 200, not 201.
      return created ? c.json(message, 201) : c.json(message, 200);
    },
    markRead: async (c) => c.json({ updated: await markConversationRead(deps, c.get('user').id, c.req.valid('param').userId) }, 200),
    remove: async (c) => c.json({ deleted: await deleteConversation(deps, c.get('user').id, c.req.valid('param').userId) }, 200),
  });
}
