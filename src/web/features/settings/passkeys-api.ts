import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { registerPasskey } from '@/lib/passkeys';
import { passkeysApi } from '@shared/api/passkeys';
import { settingsKeys } from './api';

/** The Passkeys card's fetchers (issue 20, part 4): our routes for the list, Better Auth's plugin to add one. */

const passkeysKey = [...settingsKeys.all, 'passkeys'] as const;

export const passkeysQuery = queryOptions({
  queryKey: passkeysKey,
  queryFn: ({ signal }) => call(passkeysApi.list, {}, { signal }),
});

function useRefetchingMutation<A, R>(mutationFn: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }) });
}

export const useAddPasskey = () => useRefetchingMutation((name: string) => registerPasskey(name));

export const useRenamePasskey = () => useRefetchingMutation(({ id, name }: { id: string; name: string }) => call(passkeysApi.rename, { params: { id }, body: { name } }));

export const useRemovePasskey = () => useRefetchingMutation((id: string) => call(passkeysApi.remove, { params: { id } }));
