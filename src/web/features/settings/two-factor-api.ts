import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api';
import { twoFactorApi } from '@shared/api/two-factor';
import { settingsKeys } from './api';

/**
 * Two-factor sign-in in Settings (issue 20, part 3). Whether it is on comes from our route; turning
 * it on and off are Better Auth's two-factor routes, which answer in their own shapes (typed here).
 */

export const twoFactorQuery = queryOptions({
  queryKey: [...settingsKeys.all, 'two-factor'] as const,
  queryFn: ({ signal }) => call(twoFactorApi.status, {}, { signal }),
});

/** Starts the setup: the password, then the key (as an otpauth:// URI) and the ten backup codes. Not on until a code confirms it. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: (password: string) => api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { method: 'POST', body: { password } }),
  });
}

/** Confirms the setup with a code from the app: two-factor sign-in is on from here (the session is renewed). */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
    },
  });
}

/** Turns it off; needs the password. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => api('/api/auth/two-factor/disable', { method: 'POST', body: { password } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: twoFactorQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() });
    },
  });
}

/** Replaces the ten backup codes; needs the password. The new codes are in the answer only: shown once. */
export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: (password: string) => api<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', { method: 'POST', body: { password } }),
  });
}
