import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, call } from '@/lib/api';
import { safetyApi } from '@shared/api/safety';

/**
 * Block and mute (issue 20 parts 1 and 2): the fetchers and mutations the profile, forum and
 * message menus and the Settings cards share. A change refetches every query, since a block
 * reaches profiles, follows, matches, search, conversations and forum posts at once.
 */

export const safetyKeys = {
  all: ['safety'] as const,
  blocked: () => [...safetyKeys.all, 'blocked'] as const,
  muted: () => [...safetyKeys.all, 'muted'] as const,
};

export const blockedUsersQuery = queryOptions({ queryKey: safetyKeys.blocked(), queryFn: ({ signal }) => call(safetyApi.listBlocked, {}, { signal }) });
export const mutedUsersQuery = queryOptions({ queryKey: safetyKeys.muted(), queryFn: ({ signal }) => call(safetyApi.listMuted, {}, { signal }) });

const failure = (error: unknown, fallback: string) => (error instanceof ApiError && (error.status === 429 || error.status === 404) ? error.message : fallback);

/** Block or unblock someone; `name` is how the toast names them. */
export function useBlockToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean; name: string }) =>
      block ? call(safetyApi.block, { params: { userId } }) : call(safetyApi.unblock, { params: { userId } }),
    onSuccess: (_state, { block, name }) => toast.success(block ? `Blocked ${name}` : `Unblocked ${name}`),
    onError: (error, { block }) => toast.error(block ? 'Could not block this user' : 'Could not unblock this user', { description: failure(error, 'Please try again.') }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

/** Mute or unmute someone. */
export function useMuteToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, mute }: { userId: string; mute: boolean; name: string }) =>
      mute ? call(safetyApi.mute, { params: { userId } }) : call(safetyApi.unmute, { params: { userId } }),
    onSuccess: (_state, { mute, name }) => toast.success(mute ? `Muted ${name}` : `Unmuted ${name}`),
    onError: (error, { mute }) => toast.error(mute ? 'Could not mute this user' : 'Could not unmute this user', { description: failure(error, 'Please try again.') }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
