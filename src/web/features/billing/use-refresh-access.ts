import { useQueryClient } from '@tanstack/react-query';
import { sessionQuery } from '@/features/auth/session';
import { billingKeys } from './keys';

/** After a plan change: the session's access flags and the plan both reload. */
export function useRefreshAccess() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: sessionQuery.queryKey }), client.invalidateQueries({ queryKey: billingKeys.subscription })]);
}
