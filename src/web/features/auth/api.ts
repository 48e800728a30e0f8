import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api, call } from '@/lib/api';
import type { SignUpInput } from '@shared/accounts';
import { markSignedOut, sessionQuery } from './session';

/**
 * Fetchers and mutations of the auth feature. Our own routes go through their table
 * (src/shared/api/accounts.ts), imported when first used: the header imports this module for
 * sign-out, and the table would bring the schema library into every page (see session.ts).
 * Better Auth's /api/auth/* routes are in no table, so they use the plain `api` and nothing reads
 * their answers.
 */
const accounts = async () => (await import('@shared/api/accounts')).accountsApi;

/** Where a verification link brings the user back to. */
const AFTER_VERIFICATION = '/discover#type=signup';

export const resetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['reset-token', token],
    queryFn: async ({ signal }) => call((await accounts()).resetToken, { query: { token } }, { signal }),
    staleTime: Infinity,
    retry: false,
  });

/**
 * Signs in, then loads the new session before the caller moves on. With two-factor sign-in on
 * (and this device not trusted), the password makes no session yet: `twoFactor` says the code
 * step comes next (two-factor-step.tsx).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; password: string }): Promise<{ twoFactor: boolean }> => {
      const answer = await api<{ twoFactorRedirect?: boolean } | undefined>('/api/auth/sign-in/email', { method: 'POST', body: input });
      if (answer?.twoFactorRedirect) return { twoFactor: true };
      await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
      return { twoFactor: false };
    },
  });
}

/** The second step of a sign-in: a code from the authenticator app, or a backup code. */
export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, code, trustDevice }: { kind: 'totp' | 'backup'; code: string; trustDevice: boolean }) => {
      const path = kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
      await api(path, { method: 'POST', body: { code, trustDevice } });
      await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
    },
  });
}

/** Signs in with a passkey of this device (issue 20, part 4), then loads the new session. */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // Loaded when used: the header imports this module on every page.
      const { signInWithPasskey } = await import('@/lib/passkeys');
      await signInWithPasskey();
      await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
    },
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: async (input: SignUpInput) => call((await accounts()).signUp, { body: input }) });
}

/** Sends the verification mail again; its toasts are the same wherever it is offered. */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) => api('/api/auth/send-verification-email', { method: 'POST', body: { email, callbackURL: AFTER_VERIFICATION } }),
    onSuccess: () => toast.success('Verification email sent', { description: 'Check your inbox (and spam folder) for the link.' }),
    onError: (error) => toast.error('Error', { description: error.message || 'Could not send the email.' }),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => api('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: '/auth-password-reset' } }) });
}

/** Sets the new password; every session of the account ends with it, this one included. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { newPassword: string; token: string }) => api('/api/auth/reset-password', { method: 'POST', body: input }),
    onSuccess: () => queryClient.setQueryData(sessionQuery.queryKey, { user: null, access: null }),
  });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: async () => {
      // The marker tells a protected page that is still on screen to go home, not to /auth.
      markSignedOut(queryClient);
      await navigate('/', { replace: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      toast.success('Signed out', { description: 'You have been signed out successfully.' });
    },
    onError: () => toast.error('Sign Out Failed', { description: 'Failed to sign out. Please try again.' }),
  });
}
