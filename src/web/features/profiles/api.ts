import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api } from '@/lib/api';
import type { OwnProfile, PublicProfile, SocialLinks } from '@shared/profiles';
import type { FollowLists, FollowState, SocialLinksInput } from '@shared/social';
import { followErrorDescription } from './follow-error';

/** Fetchers, query options and hooks of the profiles feature. Every query key starts from `profileKeys`. */

export type ProfileView = PublicProfile | OwnProfile;
/** Which profile a page shows: by id (/profile/{id}) or by name (the /{username} share link). */
export type ProfileTarget = { id: string } | { username: string };

export const profileKeys = {
  all: ['profiles'] as const,
  profile: (target: ProfileTarget) => [...profileKeys.all, 'profile', 'id' in target ? { id: target.id } : { username: target.username.toLowerCase() }] as const,
  followLists: (userId: string, q: string) => [...profileKeys.all, 'follows', userId, q.trim().toLowerCase()] as const,
  search: (q: string) => [...profileKeys.all, 'search', q.trim().toLowerCase()] as const,
};

// ---- Fetchers ----

export const fetchProfile = (target: ProfileTarget, signal?: AbortSignal) =>
  api<ProfileView>('id' in target ? `/api/profiles/${encodeURIComponent(target.id)}` : `/api/profiles/by-username/${encodeURIComponent(target.username)}`, { signal });

const fetchFollowLists = (userId: string, q: string, signal?: AbortSignal) =>
  api<FollowLists>(`/api/follows/${encodeURIComponent(userId)}?${new URLSearchParams(q.trim() ? { q: q.trim() } : {})}`, { signal });

// ---- Queries ----

export const profileQuery = (target: ProfileTarget) =>
  queryOptions({
    queryKey: profileKeys.profile(target),
    queryFn: ({ signal }) => fetchProfile(target, signal),
    // A 404 is an answer ("Profile not found"), not a hiccup to retry.
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });

export const useProfile = (target: ProfileTarget) => useQuery(profileQuery(target));

export const followListsQuery = (userId: string, q: string) =>
  queryOptions({ queryKey: profileKeys.followLists(userId, q), queryFn: ({ signal }) => fetchFollowLists(userId, q, signal), placeholderData: (previous) => previous });

export const useFollowLists = (userId: string, q: string, enabled: boolean) => useQuery({ ...followListsQuery(userId, q), enabled });

// ---- Mutations ----

/**
 * The Follow / Following toggle: flips at once, reverts on failure (spec 000 §4), and refreshes
 * every profile and follower list afterwards.
 */
export function useFollowToggle(target: ProfileTarget) {
  const queryClient = useQueryClient();
  const key = profileKeys.profile(target);
  return useMutation({
    mutationFn: ({ userId, follow }: { userId: string; follow: boolean }) => api<FollowState>(`/api/follows/${encodeURIComponent(userId)}`, { method: follow ? 'POST' : 'DELETE' }),
    onMutate: async ({ follow }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ProfileView>(key);
      if (previous) queryClient.setQueryData<ProfileView>(key, { ...previous, viewerFollows: follow, followersCount: Math.max(0, previous.followersCount + (follow ? 1 : -1)) });
      return { previous };
    },
    onSuccess: (state, { follow }) => {
      queryClient.setQueryData<ProfileView>(key, (p) => (p ? { ...p, viewerFollows: state.following, followersCount: state.followersCount, followingCount: state.followingCount } : p));
      toast.success(follow ? 'Followed' : 'Unfollowed');
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error('Error', { description: followErrorDescription(error, 'Failed to follow/unfollow user. Please try again.') });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

/** Unfollow from the lists dialog of one's own profile. */
export function useUnfollowFromList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<FollowState>(`/api/follows/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () => toast.success('Unfollowed'),
    onError: (error) => toast.error('Error', { description: followErrorDescription(error, 'Failed to unfollow user. Please try again.') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useRemoveFollower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api<FollowState>(`/api/me/followers/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
    onSuccess: () => toast.success('Follower removed'),
    onError: () => toast.error('Error', { description: 'Failed to remove follower. Please try again.' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useUpdateSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (links: SocialLinksInput) => api<SocialLinks>('/api/me/social-links', { method: 'PUT', body: links }),
    onSuccess: () => {
      toast.success('Social links updated');
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: () => toast.error('Error', { description: 'Failed to update social links. Please try again.' }),
  });
}

export const reportUser = (userId: string, reason: string) => api<{ id: string }>(`/api/reports/${encodeURIComponent(userId)}`, { method: 'POST', body: { reason } });
