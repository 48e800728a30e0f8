import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, ApiError } from '@/lib/api';
import { type ConversationSummary, type ConversationView, MESSAGE_TEXT, type MessageView } from '@shared/messages';

/** Fetchers, query options and hooks of direct messages. Every key starts from `messageKeys`. */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: (q: string) => [...messageKeys.all, 'conversations', q.trim().toLowerCase()] as const,
  conversation: (userId: string) => [...messageKeys.all, 'with', userId] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
};

const withPath = (userId: string) => `/api/messages/with/${encodeURIComponent(userId)}`;

export const conversationsQuery = (q: string) =>
  queryOptions({
    queryKey: messageKeys.conversations(q),
    queryFn: ({ signal }) => api<{ conversations: ConversationSummary[] }>(`/api/messages/conversations${q.trim() ? `?q=${encodeURIComponent(q.trim())}` : ''}`, { signal }),
    select: (d) => d.conversations,
    staleTime: 10_000,
  });

export const conversationQuery = (userId: string) =>
  queryOptions({
    queryKey: messageKeys.conversation(userId),
    queryFn: ({ signal }) => api<ConversationView>(withPath(userId), { signal }),
    staleTime: 10_000,
  });

export const unreadMessagesQuery = queryOptions({
  queryKey: messageKeys.unread(),
  queryFn: ({ signal }) => api<{ count: number }>('/api/messages/unread-count', { signal }),
  select: (d) => d.count,
  staleTime: 30_000,
});

/** The server's reason when it is one the user can act on (too fast, cannot receive), else nothing. */
const reason = (error: unknown) => (error instanceof ApiError && [400, 403, 404, 429].includes(error.status) ? error.message : undefined);

export function useSendMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api<MessageView>(withPath(userId), { method: 'POST', body: { content } }),
    onSuccess: (message) => {
      queryClient.setQueryData(messageKeys.conversation(userId), (old: ConversationView | undefined) =>
        old && !old.messages.some((m) => m.id === message.id) ? { ...old, messages: [...old.messages, message] } : old,
      );
      toast.success(MESSAGE_TEXT.sent);
    },
    onError: (error) => toast.error(MESSAGE_TEXT.sendFailed, { description: reason(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useMarkConversationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ updated: number }>(`${withPath(userId)}/read`, { method: 'POST' }),
    onError: () => toast.error(MESSAGE_TEXT.markReadFailed),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useDeleteConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ deleted: number }>(withPath(userId), { method: 'DELETE' }),
    onError: () => toast.error(MESSAGE_TEXT.deleteFailed),
    onSuccess: () => toast.success('Conversation deleted'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
