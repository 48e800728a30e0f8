import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { importsApi } from '@shared/api/imports';
import type { ImportConfirm, ImportJob } from '@shared/imports';

/** Fetchers and hooks of the 'Import your history' card (issue 21 part 1). */

export const importKeys = {
  current: ['settings', 'import', 'current'] as const,
};

export const currentImportQuery = queryOptions({
  queryKey: importKeys.current,
  queryFn: ({ signal }) => call(importsApi.current, {}, { signal }),
});

/** A preview still matching its titles, asked again every second until it is ready. */
export const previewStateQuery = (id: string) =>
  queryOptions({
    queryKey: ['settings', 'import', 'preview', id] as const,
    queryFn: ({ signal }) => call(importsApi.previewState, { params: { id } }, { signal }),
    refetchInterval: (q) => (q.state.data?.status === 'ready' ? false : 1000),
    retry: 3,
  });

export function uploadImport(file: File) {
  const form = new FormData();
  form.append('file', file);
  return call(importsApi.preview, { form });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: uploadImport });
}

export function useConfirmImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ImportConfirm }) => call(importsApi.confirm, { params: { id }, body }),
    onSuccess: (job: ImportJob) => qc.setQueryData(importKeys.current, { job }),
  });
}
