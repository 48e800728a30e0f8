import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '@/features/auth/session';
import { ApiError, api } from '@/lib/api';
import type { OwnProfile } from '@shared/profiles';
import type { ProfileFormOutput, SettingsUpdate, SettingsView } from '@shared/settings';

/** Fetchers, query options and hooks of the settings feature. Every query key starts from `settingsKeys`. */

export const settingsKeys = {
  all: ['settings'] as const,
  /** The owner's own view of their profile: form values, favorite genres, notification and privacy settings. */
  ownProfile: (userId: string) => [...settingsKeys.all, 'own-profile', userId] as const,
};

// ---- Fetchers ----

export const fetchOwnProfile = (userId: string, signal?: AbortSignal) => api<OwnProfile>(`/api/profiles/${encodeURIComponent(userId)}`, { signal });

export const saveProfile = (values: ProfileFormOutput) => api<{ ok: true }>('/api/me/profile', { method: 'PATCH', body: values });

export const saveFavoriteGenres = (genres: string[]) => api<{ genres: string[] }>('/api/me/favorite-genres', { method: 'PUT', body: { genres } });

export const saveSettings = (changes: SettingsUpdate) => api<SettingsView>('/api/me/settings', { method: 'PATCH', body: changes });

/** Multipart, so not through api(); errors become ApiError with the server's message all the same. */
export async function uploadAvatar(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/me/avatar', { method: 'POST', body, credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => undefined)) as { url?: string; error?: { code?: string; message?: string } } | undefined;
  if (!response.ok || !data?.url) throw new ApiError(response.status, data?.error?.code ?? 'error', data?.error?.message ?? 'Could not upload avatar.');
  return data.url;
}

// ---- Query options and hooks ----

export const ownProfileQuery = (userId: string) =>
  queryOptions({ queryKey: settingsKeys.ownProfile(userId), queryFn: ({ signal }) => fetchOwnProfile(userId, signal), staleTime: 30_000 });

export function useOwnProfile(userId: string) {
  return useQuery({ ...ownProfileQuery(userId), enabled: !!userId });
}

/** Saving the profile changes what the header shows: the session and the profile are refetched. */
export function useSaveProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }), queryClient.invalidateQueries({ queryKey: settingsKeys.ownProfile(userId) })]),
  });
}

export function useSaveFavoriteGenres(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFavoriteGenres,
    onSuccess: ({ genres }) => queryClient.setQueryData(settingsKeys.ownProfile(userId), (old) => (old ? { ...old, favoriteGenres: genres } : old)),
  });
}

/**
 * Notification and privacy switches save at once: the cache shows the new value immediately,
 * goes back if the server refuses, and takes the server's answer when it comes.
 */
export function useSaveSettings(userId: string) {
  const queryClient = useQueryClient();
  const key = settingsKeys.ownProfile(userId);
  return useMutation({
    mutationFn: saveSettings,
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (old) => (old ? { ...old, ...changes } : old));
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, (old) => (old ? { ...old, ...saved } : old)),
  });
}
