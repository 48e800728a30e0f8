import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { sessionQuery } from './session';

/** The verification link lands on a URL whose hash says type=signup: greet, then tidy the URL. */
export function useSignupHash() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
    if (hash.get('type') !== 'signup') return;
    void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
    // A fixed id: the effect may run twice (StrictMode in development), the toast shows once.
    toast.success('Email verified!', { id: 'email-verified', description: 'You have been logged in.' });
    navigate({ pathname: location.pathname === '/' ? '/discover' : location.pathname, search: location.search, hash: '' }, { replace: true });
  }, [location.hash, location.pathname, location.search, navigate, queryClient]);
}
