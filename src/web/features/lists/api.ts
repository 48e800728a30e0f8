import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth/session';
import { call } from '@/lib/api';
import { listsApi } from '@shared/api/lists';
import type { MediaType } from '@shared/catalogue';
import { listMessages, type TitleKey } from '@shared/lists';
import { toast } from 'sonner';

/** Fetchers, query options and hooks of the lists feature. Every query key starts from `listKeys`. */

export const listKeys = {
  all: ['lists'] as const,
  mine: () => [...listKeys.all, 'mine'] as const,
  favoriteCount: (type: MediaType, id: number) => [...listKeys.all, 'favorite-count', type, id] as const,
  profile: (userId: string) => [...listKeys.all, 'profile', userId] as const,
  profileFavorites: (userId: string) => [...listKeys.profile(userId), 'favorites'] as const,
  profileWatchlist: (userId: string) => [...listKeys.profile(userId), 'watchlist'] as const,
  shared: (userId: string) => [...listKeys.profile(userId), 'shared'] as const,
};

const key = (k: TitleKey) => ({ type: k.mediaType, id: k.mediaId });

// ---- Fetchers (typed by src/shared/api/lists.ts) ----

export const fetchMyLists = (signal?: AbortSignal) => call(listsApi.mine, {}, { signal });
export const addFavorite = (k: TitleKey, rating: number) => call(listsApi.addFavorite, { body: { mediaType: k.mediaType, mediaId: k.mediaId, rating } });
export const updateRating = (k: TitleKey, rating: number) => call(listsApi.updateRating, { params: key(k), body: { rating } });
export const removeFavorite = (k: TitleKey) => call(listsApi.removeFavorite, { params: key(k) });
export const clearFavorites = () => call(listsApi.clearFavorites);
export const addToWatchlist = (k: TitleKey) => call(listsApi.addWatchlist, { body: { mediaType: k.mediaType, mediaId: k.mediaId } });
export const removeFromWatchlist = (k: TitleKey) => call(listsApi.removeWatchlist, { params: key(k) });
export const clearWatchlist = () => call(listsApi.clearWatchlist);
export const setWatching = (k: TitleKey) => call(listsApi.setWatching, { body: { mediaType: k.mediaType, mediaId: k.mediaId } });
export const clearWatching = () => call(listsApi.clearWatching);

// ---- Queries ----

export const myListsQuery = queryOptions({ queryKey: listKeys.mine(), queryFn: ({ signal }) => fetchMyLists(signal), staleTime: 30_000 });

export const favoriteCountQuery = (type: MediaType, id: number) =>
  queryOptions({
    queryKey: listKeys.favoriteCount(type, id),
    queryFn: ({ signal }) => call(listsApi.favoriteCount, { params: { type, id } }, { signal }),
    select: (d) => d.count,
  });

export const profileFavoritesQuery = (userId: string) =>
  queryOptions({ queryKey: listKeys.profileFavorites(userId), queryFn: ({ signal }) => call(listsApi.profileFavorites, { params: { id: userId } }, { signal }) });

export const profileWatchlistQuery = (userId: string) =>
  queryOptions({ queryKey: listKeys.profileWatchlist(userId), queryFn: ({ signal }) => call(listsApi.profileWatchlist, { params: { id: userId } }, { signal }) });

export const sharedFavoritesQuery = (userId: string) =>
  queryOptions({
    queryKey: listKeys.shared(userId),
    queryFn: ({ signal }) => call(listsApi.sharedFavorites, { params: { id: userId } }, { signal }),
    select: (d) => d.items,
  });

/** The signed-in user's list state; disabled (no request) for guests. */
export function useMyLists() {
  const { user } = useSession();
  return useQuery({ ...myListsQuery, enabled: !!user });
}

export const useFavoriteCount = (type: MediaType, id: number) => useQuery(favoriteCountQuery(type, id));

// ---- Mutations ----

/**
 * A mutation that then refreshes every list query (own state, profile lists, counts). When the change
 * succeeded but the refresh failed, the counts on screen may be stale: the 'Update Warning' toast of
 * spec 001 §8 says so (the change itself keeps its success toast).
 */
export function useListMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: listKeys.all }, { throwOnError: true }).catch(() => {
        toast.warning(listMessages.updateWarning);
      }),
    onError: () => queryClient.invalidateQueries({ queryKey: listKeys.all }),
  });
}
