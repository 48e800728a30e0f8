import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { mailApi } from '@shared/api/mail';
import { settingsKeys } from './api';

export const mailKeys = {
  unsubscribe: (token: string) => ['mail', 'unsubscribe', token] as const,
  delivery: ['mail', 'delivery'] as const,
};

/** What an unsubscribe link would turn off. A read: link scanners and this page change nothing. */
export function useUnsubscribeView(token: string) {
  return useQuery({ queryKey: mailKeys.unsubscribe(token), queryFn: ({ signal }) => call(mailApi.unsubscribeView, { params: { token } }, { signal }), retry: false });
}

/** The confirm button: the same POST a mail client's one-click sends. Settings, if open in this tab, shows it off. */
export function useUnsubscribe(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(mailApi.unsubscribe, { params: { token } }),
    onSuccess: (view) => {
      queryClient.setQueryData(mailKeys.unsubscribe(token), view);
      return queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    },
  });
}

/** Whether the relay refused the signed-in user's address (Settings' notice). */
export function useEmailDelivery(enabled: boolean, email: string) {
  // Keyed by the address too: a changed address is asked about afresh.
  return useQuery({ queryKey: [...mailKeys.delivery, email], queryFn: ({ signal }) => call(mailApi.emailDelivery, {}, { signal }), enabled });
}

export function useRetryEmailDelivery(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(mailApi.retryEmailDelivery),
    onSuccess: (delivery) => queryClient.setQueryData([...mailKeys.delivery, email], delivery),
  });
}
