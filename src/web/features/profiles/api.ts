import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, call } from '@/lib/api';
import { profilesApi } from '@shared/api/profiles';
import { socialApi } from '@shared/api/social';
import type { ProfileView } from '@shared/profiles';
import type { SocialLinksInput } from '@shared/social';
import { followErrorDescription } from './follow-error';

/** Fetchers, query options and hooks of the profiles feature. Every query key starts from `profileKeys`. */

export type { ProfileView };
import { profileKeys, type ProfileTarget } from './query-keys';

export { profileKeys, type ProfileTarget };

// ---- Fetchers (typed by src/shared/api/profiles.ts and social.ts) ----

export const fetchProfile = (target: ProfileTarget, signal?: AbortSignal) =>
  'id' in target ? call(profilesApi.byId, { params: { id: target.id } }, { signal }) : call(profilesApi.byUsername, { params: { username: target.username } }, { signal });

const fetchFollowLists = (userId: string, q: string, signal?: AbortSignal) => call(socialApi.followLists, { params: { userId }, query: { q: q.trim() } }, { signal });

const followUser = (userId: string) => call(socialApi.follow, { params: { userId } });
const unfollowUser = (userId: string) => call(socialApi.unfollow, { params: { userId } });
const removeFollower = (userId: string) => call(socialApi.removeFollower, { params: { userId } });
const updateSocialLinks = (links: SocialLinksInput) => call(socialApi.updateSocialLinks, { body: links });
const reportUser = (userId: string, reason: string) => call(socialApi.report, { params: { userId }, body: { reason } });

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
  const key = profileQuery(target).queryKey;
  return useMutation({
    mutationFn: ({ userId, follow }: { userId: string; follow: boolean }) => (follow ? followUser(userId) : unfollowUser(userId)),
    onMutate: async ({ follow }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, { ...previous, viewerFollows: follow, followersCount: Math.max(0, previous.followersCount + (follow ? 1 : -1)) });
      return { previous };
    },
    onSuccess: (state, { follow }) => {
      queryClient.setQueryData(key, (p) => (p ? { ...p, viewerFollows: state.following, followersCount: state.followersCount, followingCount: state.followingCount } : p));
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
    mutationFn: unfollowUser,
    onSuccess: () => toast.success('Unfollowed'),
    onError: (error) => toast.error('Error', { description: followErrorDescription(error, 'Failed to unfollow user. Please try again.') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useRemoveFollower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFollower,
    onSuccess: () => toast.success('Follower removed'),
    onError: () => toast.error('Error', { description: 'Failed to remove follower. Please try again.' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}

export function useUpdateSocialLinks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSocialLinks,
    onSuccess: () => {
      toast.success('Social links updated');
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: () => toast.error('Error', { description: 'Failed to update social links. Please try again.' }),
  });
}

/**
 * Reporting a user: the server's message for a refusal it explains (a self-report, too many
 * reports, a missing reason), else the spec's generic text (spec 000 §8).
 */
export function useReportUser(userId: string) {
  return useMutation({
    mutationFn: (reason: string) => reportUser(userId, reason),
    onSuccess: () => toast.success('Report Submitted', { description: 'Thank you. Our team will review this report.' }),
    onError: (err) =>
      toast.error('Error', { description: err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : 'An unexpected error occurred. Please try again.' }),
  });
}
