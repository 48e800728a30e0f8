import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markSignedOut, sessionQuery } from '@/features/auth/session';
import { api, ApiError, call } from '@/lib/api';
import { ownAccountApi } from '@shared/api/accounts';
import { profilesApi } from '@shared/api/profiles';
import { sessionsApi } from '@shared/api/sessions';
import { settingsApi } from '@shared/api/settings';
import type { OwnProfile } from '@shared/profiles';
import type { DeleteAccountForm, EmailChangeFormOutput, PasswordChangeForm, ProfileFormOutput, SettingsUpdate } from '@shared/settings';

/** Fetchers, query options and hooks of the settings feature. Every query key starts from `settingsKeys`. */

export const settingsKeys = {
  all: ['settings'] as const,
  /** The owner's own view of their profile: form values, favorite genres, notification and privacy settings. */
  ownProfile: (userId: string) => [...settingsKeys.all, 'own-profile', userId] as const,
  /** The signed-in devices (issue 20, part 5). */
  sessions: () => [...settingsKeys.all, 'sessions'] as const,
};

// ---- Fetchers (typed by src/shared/api/settings.ts) ----

/** The signed-in user's own profile view, with the settings only they may read. */
export async function fetchOwnProfile(userId: string, signal?: AbortSignal): Promise<OwnProfile> {
  const profile = await call(profilesApi.byId, { params: { id: userId } }, { signal });
  if (!profile.isOwn) throw new ApiError(403, 'not_own_profile', 'Your session has changed. Please sign in again.');
  return profile;
}

export const saveProfile = (values: ProfileFormOutput) => call(settingsApi.updateProfile, { body: values });

export const saveFavoriteGenres = (genres: string[]) => call(settingsApi.setFavoriteGenres, { body: { genres } });

export const saveSettings = (changes: SettingsUpdate) => call(settingsApi.updateSettings, { body: changes });

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(settingsApi.uploadAvatar, { form });
}

// ---- Query options and hooks ----

export const ownProfileQuery = (userId: string) =>
  queryOptions({ queryKey: settingsKeys.ownProfile(userId), queryFn: ({ signal }) => fetchOwnProfile(userId, signal), staleTime: 30_000 });

export function useOwnProfile(userId: string) {
  return useQuery({ ...ownProfileQuery(userId), enabled: !!userId });
}

// ---- Mutations ----

/** Saving the profile changes what the header shows: the session and the profile are refetched. */
export function useSaveProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey }), queryClient.invalidateQueries({ queryKey: settingsKeys.ownProfile(userId) })]),
  });
}

/** Uploading answers the new picture's URL only; it becomes the avatar when the profile form is saved. */
export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar });
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

/** Better Auth mails a confirmation link to the new address; the change happens when it is followed. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: ({ newEmail }: EmailChangeFormOutput) => api('/api/auth/change-email', { method: 'POST', body: { newEmail, callbackURL: '/settings' } }),
  });
}

/** Better Auth checks the current password; the other sessions are signed out. */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: PasswordChangeForm) =>
      api('/api/auth/change-password', { method: 'POST', body: { currentPassword, newPassword, revokeOtherSessions: true } }),
  });
}

/** Deleting the account signs out: the session says so and every other cached answer goes. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountForm) => call(ownAccountApi.deleteAccount, { body }),
    onSuccess: () => {
      markSignedOut(queryClient);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    },
  });
}

// ---- Signed-in devices ----

export const sessionsQuery = queryOptions({
  queryKey: settingsKeys.sessions(),
  queryFn: ({ signal }) => call(sessionsApi.list, {}, { signal }),
});

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(sessionsApi.signOut, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(sessionsApi.signOutOthers, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
