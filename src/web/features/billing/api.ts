import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { billingApi } from '@shared/api/billing';
import type { PortalAction } from '@shared/billing';
import { billingKeys } from './keys';
import { useRefreshAccess } from './use-refresh-access';

export const subscriptionQuery = queryOptions({
  queryKey: billingKeys.subscription,
  queryFn: ({ signal }) => call(billingApi.subscription, {}, { signal }),
  refetchOnWindowFocus: 'always',
});

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQuery, enabled });
}

export function useStartTrial() {
  const refresh = useRefreshAccess();
  return useMutation({ mutationFn: () => call(billingApi.startTrial), onSuccess: refresh });
}

export function useOpenPortal() {
  return useMutation({ mutationFn: () => call(billingApi.portal) });
}

export function usePortalAction() {
  const refresh = useRefreshAccess();
  return useMutation({ mutationFn: (body: PortalAction) => call(billingApi.testPortal, { body }), onSuccess: refresh });
}

export function useTestCheckout(id: string) {
  return useQuery({ queryKey: billingKeys.testCheckout(id), queryFn: ({ signal }) => call(billingApi.testCheckout, { params: { id } }, { signal }), retry: false });
}

export function usePayTestCheckout(id: string) {
  return useMutation({
    mutationFn: (body: { cardNumber: string; expiry: string; cvc: string; name?: string }) => call(billingApi.payTestCheckout, { params: { id }, body }),
  });
}

export function useDonate() {
  return useMutation({ mutationFn: (amount: number) => call(billingApi.donation, { body: { amount } }) });
}
