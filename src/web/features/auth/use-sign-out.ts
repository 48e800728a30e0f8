import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { api } from '@/lib/api';
import { sessionQuery } from './session';

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api('/api/auth/sign-out', { method: 'POST', body: {} }),
    onSuccess: async () => {
      // The marker tells a protected page that is still on screen to go home, not to /auth.
      queryClient.setQueryData(sessionQuery.queryKey, { user: null, access: null, signedOut: true });
      await navigate('/', { replace: true });
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
      toast.success('Signed out', { description: 'You have been signed out successfully.' });
    },
    onError: () => toast.error('Sign Out Failed', { description: 'Failed to sign out. Please try again.' }),
  });
}
