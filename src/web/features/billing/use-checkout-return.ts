import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { BILLING_TEXT } from '@shared/billing-text';
import { useRefreshAccess } from './use-refresh-access';

/** Post-checkout wait (spec 000 §9): the provider's event may land a moment after the return. */
const RECHECK_MS = 3000;

/**
 * The return from checkout (`?session_id=` on any page): toast 'Subscription Successful!', remove
 * the parameter, recheck the subscription at once and again 3 seconds later (spec 000 §4).
 */
export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const sessionId = params.get('session_id');
  const refresh = useRefreshAccess();
  useEffect(() => {
    if (!sessionId) return;
    toast.success(BILLING_TEXT.checkoutSuccess, { description: BILLING_TEXT.checkoutSuccessDescription });
    const next = new URLSearchParams(params);
    next.delete('session_id');
    setParams(next, { replace: true });
    void refresh();
    const timer = setTimeout(() => void refresh(), RECHECK_MS);
    return () => clearTimeout(timer);
    // Once per return: the parameter is gone after the first run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionId]);
}
