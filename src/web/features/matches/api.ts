import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { call } from '@/lib/api';
import { listsApi } from '@shared/api/lists';
import { matchesApi } from '@shared/api/matches';
import { socialApi } from '@shared/api/social';
import { type MatchesPage, matchMessages } from '@shared/matches';

/** Fetchers, queries and mutations of the matches feature (spec 001 §2; rulings 1, 20). */

export const matchKeys = {
  all: ['matches'] as const,
  list: (genres: readonly string[]) => ['matches', 'list', [...genres].sort().join(',')] as const,
};

const fetchPage = (page: number, genres: readonly string[], signal?: AbortSignal) =>
  call(matchesApi.list, { query: { page, ...(genres.length > 0 ? { genres: genres.join(',') } : {}) } }, { signal });

/** The ranking by pages (premium) or the day's three (free: one page, `limited`). */
export function useMatches(genres: readonly string[]) {
  return useInfiniteQuery({
    queryKey: matchKeys.list(genres),
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, genres, signal),
    initialPageParam: 1,
    getNextPageParam: (last: MatchesPage) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

/** The match card's Follow / Following: flips at once, reverts with 'Something went wrong.' (spec 001 §4, §8). */
export function useMatchFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, follow }: { userId: string; follow: boolean }) =>
      follow ? call(socialApi.follow, { params: { userId } }) : call(socialApi.unfollow, { params: { userId } }),
    onMutate: async ({ userId, follow }) => {
      await queryClient.cancelQueries({ queryKey: ['matches', 'list'] });
      const previous = queryClient.getQueriesData({ queryKey: ['matches', 'list'] });
      queryClient.setQueriesData<{ pages: MatchesPage[]; pageParams: unknown[] }>({ queryKey: ['matches', 'list'] }, (data) =>
        data ? { ...data, pages: data.pages.map((p) => ({ ...p, matches: p.matches.map((m) => (m.user.id === userId ? { ...m, isFollowing: follow } : m)) })) } : data,
      );
      return { previous };
    },
    onSuccess: (_state, { follow }) => toast.success(follow ? 'Followed' : 'Unfollowed'),
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      toast.error(matchMessages.followFailed);
    },
  });
}

/** View All on a card: every title both favorited (the shared-favorites route of the lists table). */
export const useAllShared = (userId: string, enabled: boolean) =>
  useQuery({ queryKey: ['matches', 'shared', userId], queryFn: ({ signal }) => call(listsApi.sharedFavorites, { params: { id: userId } }, { signal }), enabled });
