import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { dataExportApi } from '@shared/api/data-export';
import type { DataExportState } from '@shared/data-export';

/** 'Download my data' (decision 056): the state query and the start mutation. */
export const dataExportKeys = { state: () => ['settings', 'data-export'] as const };

/** Open exports are polled too, in case the stream misses the event that ends them. */
export const dataExportQuery = queryOptions({
  queryKey: dataExportKeys.state(),
  queryFn: ({ signal }) => call(dataExportApi.dataExportState, {}, { signal }),
  refetchInterval: (query) => (query.state.data?.latest && ['queued', 'running'].includes(query.state.data.latest.status) ? 10_000 : false),
});

export function useStartDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(dataExportApi.startDataExport, {}),
    onSuccess: (state: DataExportState) => queryClient.setQueryData(dataExportKeys.state(), state),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportKeys.state() }),
  });
}

/** Where the ZIP of a mailed link is fetched (signed in as the account that asked). */
export const downloadUrl = (token: string) => `/api/me/data-export/download/${encodeURIComponent(token)}`;
