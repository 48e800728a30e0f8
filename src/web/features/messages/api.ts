import { notifyManager, type QueryClient, queryOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { toast } from 'sonner';
import { call } from '@/lib/api';
import { messagesApi } from '@shared/api/messages';
import { type ConversationView, MESSAGE_TEXT } from '@shared/messages';
import { isConnectionProblem, newClientId, type OutgoingMessage, outgoingFrom, type SendVariables, sendFailureToast } from './outbox';

/** Fetchers, query options and hooks of direct messages. Every key starts from `messageKeys`. */
export const messageKeys = {
  all: ['messages'] as const,
  conversations: (q: string) => [...messageKeys.all, 'conversations', q.trim().toLowerCase()] as const,
  conversation: (userId: string) => [...messageKeys.all, 'with', userId] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  /** Mutation key of the sends to one user. */
  send: (userId: string) => [...messageKeys.all, 'send', userId] as const,
};

/** While the server cannot be reached, what was loaded stays on screen and is read again this often. */
export const RECONNECT_INTERVAL_MS = 4_000;
const reconnectInterval = (query: { state: { status: string; error: unknown } }) =>
  query.state.status === 'error' && isConnectionProblem(query.state.error) ? RECONNECT_INTERVAL_MS : false;

export const conversationsQuery = (q: string) =>
  queryOptions({
    queryKey: messageKeys.conversations(q),
    queryFn: ({ signal }) => call(messagesApi.conversations, { query: { q: q.trim() || undefined } }, { signal }),
    select: (d) => d.conversations,
    staleTime: 10_000,
    refetchInterval: reconnectInterval,
  });

export const conversationQuery = (userId: string) =>
  queryOptions({
    queryKey: messageKeys.conversation(userId),
    queryFn: ({ signal }) => call(messagesApi.conversation, { params: { userId } }, { signal }),
    staleTime: 10_000,
    refetchInterval: reconnectInterval,
  });

/** The header's count: fetched once, then kept by the stream's `unread-counts` pushes (decision 016). */
export const unreadMessagesQuery = queryOptions({
  queryKey: messageKeys.unread(),
  queryFn: ({ signal }) => call(messagesApi.unreadCount, {}, { signal }),
  select: (d) => d.count,
  staleTime: Infinity,
});

/** Refetches conversations and chats; the unread count is left to the stream's pushes. */
export const refreshMessages = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: messageKeys.all, predicate: (q) => q.queryKey[1] !== 'unread' });

const sendsTo = (queryClient: QueryClient, userId: string) => queryClient.getMutationCache().findAll({ mutationKey: messageKeys.send(userId) });

/**
 * Sending to one user. Each send is a mutation in the conversation's scope, so they reach the server
 * one at a time in the order they were made, also while the chat is closed or shown again; a failed
 * one stays in the mutation cache (never collected) until it is retried or discarded.
 */
export function useSendMessage(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: messageKeys.send(userId),
    scope: { id: `send-message:${userId}` },
    gcTime: Infinity,
    mutationFn: ({ content, clientId }: SendVariables) => call(messagesApi.send, { params: { userId }, body: { content, clientId } }),
    onSuccess: async (message, variables) => {
      // A read of the conversation that began before this message was stored must not hide it.
      await queryClient.cancelQueries({ queryKey: messageKeys.conversation(userId) });
      // In one render: the message joins the conversation as its outgoing bubble goes.
      notifyManager.batch(() => {
        queryClient.setQueryData(messageKeys.conversation(userId), (old: ConversationView | undefined) =>
          old && !old.messages.some((m) => m.id === message.id) ? { ...old, messages: [...old.messages, message] } : old,
        );
        for (const m of sendsTo(queryClient, userId)) if (m.state.variables === variables) queryClient.getMutationCache().remove(m);
      });
      toast.success(MESSAGE_TEXT.sent);
    },
    onError: (error) => {
      const { title, description } = sendFailureToast(error);
      toast.error(title, { description });
    },
    // Not awaited: the next message in the queue goes at once.
    onSettled: () => void refreshMessages(queryClient),
  });
}

/** The chat's outbox: messages on their way or failed (oldest first), and what the user can do with them. */
export function useOutbox(userId: string): {
  outgoing: OutgoingMessage[];
  send: (content: string) => void;
  retry: (key: number) => void;
  discard: (key: number) => void;
} {
  const queryClient = useQueryClient();
  const { mutate } = useSendMessage(userId);
  const outgoing = useMutationState({
    filters: { mutationKey: messageKeys.send(userId) },
    select: (m) => outgoingFrom(m.mutationId, m.state as Parameters<typeof outgoingFrom>[1]),
  }).filter((m) => m !== null);
  const send = useCallback((content: string) => mutate({ content, clientId: newClientId() }), [mutate]);
  const take = useCallback(
    (key: number) => {
      const mutation = sendsTo(queryClient, userId).find((m) => m.mutationId === key && m.state.status === 'error');
      if (mutation) queryClient.getMutationCache().remove(mutation);
      return mutation?.state.variables as SendVariables | undefined;
    },
    [queryClient, userId],
  );
  // A retry is a new send at the end of the queue, under the same clientId: if the failed attempt
  // was stored after all (its answer was lost), the server answers that message instead of a copy.
  const retry = useCallback(
    (key: number) => {
      const variables = take(key);
      if (variables) mutate({ content: variables.content, clientId: variables.clientId });
    },
    [take, mutate],
  );
  const discard = useCallback((key: number) => void take(key), [take]);
  return { outgoing, send, retry, discard };
}

/** Leaving the page (reload, close) would drop messages not sent yet, so the browser asks first. */
export function useUnsentMessagesGuard() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const sends = queryClient.getMutationCache().findAll({ mutationKey: messageKeys.all });
      if (sends.some((m) => m.state.status === 'pending' || m.state.status === 'error')) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [queryClient]);
}

/** At sign-out: the next user of this tab must not see this one's unsent messages. */
export function forgetOutbox(queryClient: QueryClient) {
  const cache = queryClient.getMutationCache();
  for (const m of cache.findAll({ mutationKey: messageKeys.all })) cache.remove(m);
}

export function useMarkConversationRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(messagesApi.markRead, { params: { userId } }),
    onError: () => toast.error(MESSAGE_TEXT.markReadFailed),
    onSettled: () => refreshMessages(queryClient),
  });
}

export function useDeleteConversation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(messagesApi.remove, { params: { userId } }),
    onError: () => toast.error(MESSAGE_TEXT.deleteFailed),
    onSuccess: () => toast.success('Conversation deleted'),
    onSettled: () => refreshMessages(queryClient),
  });
}
