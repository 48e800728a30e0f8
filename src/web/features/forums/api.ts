import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, call } from '@/lib/api';
import { forumsApi } from '@shared/api/forums';
import type { MediaType } from '@shared/catalogue';
import { type CreateReplyInput, type CreateThreadInput, FORUM_TEXT, type ForumThread, type ReportPostInput } from '@shared/forums';

/** Fetchers, queries and mutations of the forums (spec 001 §2 Discussions). Every key starts from `forumKeys.all`. */

export const forumKeys = {
  all: ['forums'] as const,
  title: (type: MediaType, id: number) => [...forumKeys.all, 'title', type, id] as const,
  threads: (forumId: string) => [...forumKeys.all, 'threads', forumId] as const,
  thread: (threadId: string) => [...forumKeys.all, 'thread', threadId] as const,
  replies: (threadId: string) => [...forumKeys.all, 'thread', threadId, 'replies'] as const,
  profile: (userId: string) => [...forumKeys.all, 'profile', userId] as const,
};

export const titleForumsQuery = (type: MediaType, id: number) =>
  queryOptions({ queryKey: forumKeys.title(type, id), queryFn: ({ signal }) => call(forumsApi.titleForums, { params: { type, id } }, { signal }), staleTime: 60_000 });

export const threadsQuery = (forumId: string) =>
  infiniteQueryOptions({
    queryKey: forumKeys.threads(forumId),
    queryFn: ({ pageParam, signal }) => call(forumsApi.threads, { params: { forumId }, query: { after: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const threadQuery = (threadId: string) =>
  queryOptions({ queryKey: forumKeys.thread(threadId), queryFn: ({ signal }) => call(forumsApi.thread, { params: { id: threadId } }, { signal }) });

export const repliesQuery = (threadId: string) =>
  infiniteQueryOptions({
    queryKey: forumKeys.replies(threadId),
    queryFn: ({ pageParam, signal }) => call(forumsApi.replies, { params: { id: threadId }, query: { after: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const profileForumsQuery = (userId: string) =>
  queryOptions({ queryKey: forumKeys.profile(userId), queryFn: ({ signal }) => call(forumsApi.profileForums, { params: { id: userId } }, { signal }) });

/** The server's message when it said something the user can act on (429, 403), else the spec's failure text. */
const failure = (fallback: string) => (err: unknown) => toast.error(err instanceof ApiError && (err.status === 429 || err.status === 403) ? err.message : fallback);

function useForumMutation<V, R>(mutationFn: (vars: V) => Promise<R>, texts: { success?: string; failure: string }, onSuccess?: (result: R, vars: V) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result, vars) => {
      if (texts.success) toast.success(texts.success);
      onSuccess?.(result, vars);
    },
    onError: failure(texts.failure),
    onSettled: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}

export const useCreateThread = (forumId: string) =>
  useForumMutation((body: CreateThreadInput) => call(forumsApi.createThread, { params: { forumId }, body }), {
    success: FORUM_TEXT.threadCreated,
    failure: FORUM_TEXT.createFailed,
  });

export const useUpdateThread = (threadId: string) =>
  useForumMutation((body: { title: string; content: string }) => call(forumsApi.updateThread, { params: { id: threadId }, body }), {
    success: FORUM_TEXT.threadUpdated,
    failure: FORUM_TEXT.updateFailed,
  });

export const useDeleteThread = () =>
  useForumMutation((threadId: string) => call(forumsApi.deleteThread, { params: { id: threadId } }), { success: FORUM_TEXT.threadDeleted, failure: FORUM_TEXT.deleteFailed });

export const useCreateReply = (threadId: string) =>
  useForumMutation((body: CreateReplyInput) => call(forumsApi.createReply, { params: { id: threadId }, body }), {
    success: FORUM_TEXT.replyPosted,
    failure: FORUM_TEXT.replyFailed,
  });

export const useUpdateReply = () =>
  useForumMutation((r: { id: string; content: string }) => call(forumsApi.updateReply, { params: { id: r.id }, body: { content: r.content } }), {
    success: FORUM_TEXT.replyUpdated,
    failure: FORUM_TEXT.replyUpdateFailed,
  });

export const useDeleteReply = () =>
  useForumMutation((replyId: string) => call(forumsApi.deleteReply, { params: { id: replyId } }), {
    success: FORUM_TEXT.replyDeleted,
    failure: FORUM_TEXT.replyDeleteFailed,
  });

/** Pin or unpin a thread: admins only (ruling 24); the server refuses anyone else. */
export const usePinThread = () =>
  useForumMutation(
    (t: Pick<ForumThread, 'id' | 'isPinned'>) => call(forumsApi.pinThread, { params: { id: t.id }, body: { pinned: !t.isPinned } }),
    { failure: FORUM_TEXT.pinFailed },
    (result) => toast.success(result.isPinned ? FORUM_TEXT.threadPinned : FORUM_TEXT.threadUnpinned),
  );

export const useReportPost = () =>
  useForumMutation((body: ReportPostInput) => call(forumsApi.report, { body }), { success: FORUM_TEXT.reportSubmitted, failure: FORUM_TEXT.reportFailed });

/** Like or unlike a thread: idempotent on the server, so a double click counts once. */
export const useThreadLike = () =>
  useForumMutation((t: Pick<ForumThread, 'id' | 'likedByMe'>) => call(t.likedByMe ? forumsApi.unlikeThread : forumsApi.likeThread, { params: { id: t.id } }), {
    failure: FORUM_TEXT.countsWarning,
  });

export const useReplyLike = () =>
  useForumMutation((r: { id: string; likedByMe: boolean }) => call(r.likedByMe ? forumsApi.unlikeReply : forumsApi.likeReply, { params: { id: r.id } }), {
    failure: FORUM_TEXT.countsWarning,
  });

export const useThreadFollow = () =>
  useForumMutation(
    (t: Pick<ForumThread, 'id' | 'followedByMe'>) => call(t.followedByMe ? forumsApi.unfollowThread : forumsApi.followThread, { params: { id: t.id } }),
    { failure: FORUM_TEXT.followFailed },
    (result) => toast.success(result.following ? FORUM_TEXT.followingThread : FORUM_TEXT.unfollowedThread),
  );
