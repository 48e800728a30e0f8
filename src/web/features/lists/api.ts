import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth/session';
import { api } from '@/lib/api';
import type { MediaType } from '@shared/catalogue';
import type { AddFavoriteResult, FavoriteItem, ListItem, MyLists, ProfileList, SharedFavorite, TitleKey } from '@shared/lists';

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

const path = (k: TitleKey) => `${k.mediaType}/${k.mediaId}`;

// ---- Fetchers ----

export const fetchMyLists = (signal?: AbortSignal) => api<MyLists>('/api/me/lists', { signal });
export const addFavorite = (k: TitleKey, rating: number) => api<AddFavoriteResult>('/api/me/favorites', { method: 'POST', body: { ...k, rating } });
export const updateRating = (k: TitleKey, rating: number) => api<FavoriteItem>(`/api/me/favorites/${path(k)}`, { method: 'PATCH', body: { rating } });
export const removeFavorite = (k: TitleKey) => api<{ ok: true }>(`/api/me/favorites/${path(k)}`, { method: 'DELETE' });
export const clearFavorites = () => api<{ removed: number }>('/api/me/favorites', { method: 'DELETE' });
export const addToWatchlist = (k: TitleKey) => api<ListItem>('/api/me/watchlist', { method: 'POST', body: k });
export const removeFromWatchlist = (k: TitleKey) => api<{ ok: true }>(`/api/me/watchlist/${path(k)}`, { method: 'DELETE' });
export const clearWatchlist = () => api<{ removed: number }>('/api/me/watchlist', { method: 'DELETE' });
export const setWatching = (k: TitleKey) => api<NonNullable<MyLists['currentlyWatching']>>('/api/me/currently-watching', { method: 'PUT', body: k });
export const clearWatching = () => api<{ ok: true }>('/api/me/currently-watching', { method: 'DELETE' });

// ---- Queries ----

export const myListsQuery = queryOptions({ queryKey: listKeys.mine(), queryFn: ({ signal }) => fetchMyLists(signal), staleTime: 30_000 });

export const favoriteCountQuery = (type: MediaType, id: number) =>
  queryOptions({
    queryKey: listKeys.favoriteCount(type, id),
    queryFn: ({ signal }) => api<{ count: number }>(`/api/titles/${type}/${id}/favorite-count`, { signal }),
    select: (d) => d.count,
  });

export const profileFavoritesQuery = (userId: string) =>
  queryOptions({ queryKey: listKeys.profileFavorites(userId), queryFn: ({ signal }) => api<ProfileList<FavoriteItem>>(`/api/profiles/${encodeURIComponent(userId)}/favorites`, { signal }) });

export const profileWatchlistQuery = (userId: string) =>
  queryOptions({ queryKey: listKeys.profileWatchlist(userId), queryFn: ({ signal }) => api<ProfileList<ListItem>>(`/api/profiles/${encodeURIComponent(userId)}/watchlist`, { signal }) });

export const sharedFavoritesQuery = (userId: string) =>
  queryOptions({
    queryKey: listKeys.shared(userId),
    queryFn: ({ signal }) => api<{ items: SharedFavorite[] }>(`/api/profiles/${encodeURIComponent(userId)}/shared-favorites`, { signal }),
    select: (d) => d.items,
  });

/** The signed-in user's list state; disabled (no request) for guests. */
export function useMyLists() {
  const { user } = useSession();
  return useQuery({ ...myListsQuery, enabled: !!user });
}

export const useFavoriteCount = (type: MediaType, id: number) => useQuery(favoriteCountQuery(type, id));

// ---- Mutations ----

/** A mutation whose success refreshes every list query (own state, profile lists, counts). */
export function useListMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.all }) });
}
