import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '@/lib/api';
import type { AdminUserFilter } from '@shared/admin';
import { adminApi } from '@shared/api/admin';

/** Fetchers, query options and hooks of the admin area (issue 17). Every key starts from `adminKeys`. */

export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  reports: () => [...adminKeys.all, 'reports'] as const,
  postReports: () => [...adminKeys.all, 'post-reports'] as const,
  users: (q: string, filter: AdminUserFilter, page: number) => [...adminKeys.all, 'users', q, filter, page] as const,
  support: (show: 'open' | 'all') => [...adminKeys.all, 'support', show] as const,
  audit: (page: number) => [...adminKeys.all, 'audit', page] as const,
  donations: (page: number) => [...adminKeys.all, 'donations', page] as const,
};

/** The message a toast shows after a colon ('Could not ban user: {message}'). */
export const messageOf = (error: unknown) => (error instanceof ApiError && error.message ? error.message : 'An unexpected error occurred. Please try again.');

export const useOverview = () => useQuery({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => call(adminApi.overview, {}, { signal }) });
export const useUserReports = () => useQuery({ queryKey: adminKeys.reports(), queryFn: ({ signal }) => call(adminApi.reports, {}, { signal }) });
export const usePostReports = () => useQuery({ queryKey: adminKeys.postReports(), queryFn: ({ signal }) => call(adminApi.postReports, {}, { signal }) });
export const useAdminUsers = (q: string, filter: AdminUserFilter, page: number) =>
  useQuery({
    queryKey: adminKeys.users(q, filter, page),
    queryFn: ({ signal }) => call(adminApi.users, { query: { q: q || undefined, filter, page } }, { signal }),
    placeholderData: keepPreviousData,
  });
export const useSupportInbox = (show: 'open' | 'all') =>
  useQuery({ queryKey: adminKeys.support(show), queryFn: ({ signal }) => call(adminApi.supportInbox, { query: { show } }, { signal }) });
export const useAuditLog = (page: number) =>
  useQuery({ queryKey: adminKeys.audit(page), queryFn: ({ signal }) => call(adminApi.auditLog, { query: { page } }, { signal }), placeholderData: keepPreviousData });

export const useDonations = (page: number) =>
  useQuery({ queryKey: adminKeys.donations(page), queryFn: ({ signal }) => call(adminApi.donations, { query: { page } }, { signal }), placeholderData: keepPreviousData });

/** Every admin action changes counts, lists and the audit log: refetch the whole area. */
function useAdminMutation<V>(fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}

export const useBanFromReport = () => useAdminMutation((id: string) => call(adminApi.banFromReport, { params: { id } }));
export const useDismissReport = () => useAdminMutation((id: string) => call(adminApi.dismissReport, { params: { id } }));
export const useDeleteReportedPost = () => useAdminMutation((id: string) => call(adminApi.deleteReportedPost, { params: { id } }));
export const useDismissPostReport = () => useAdminMutation((id: string) => call(adminApi.dismissPostReport, { params: { id } }));
export const useBanUser = () => useAdminMutation((v: { id: string; reason: string }) => call(adminApi.banUser, { params: { id: v.id }, body: { reason: v.reason } }));
export const useUnbanUser = () => useAdminMutation((id: string) => call(adminApi.unbanUser, { params: { id } }));
export const useCancelSubscription = () => useAdminMutation((id: string) => call(adminApi.cancelSubscription, { params: { id } }));
export const useBlockEmail = () => useAdminMutation((email: string) => call(adminApi.blockEmail, { body: { email } }));
export const useUnblockEmail = () => useAdminMutation((email: string) => call(adminApi.unblockEmail, { params: { email } }));
export const useMarkHandled = () => useAdminMutation((id: string) => call(adminApi.markHandled, { params: { id } }));
