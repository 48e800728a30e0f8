import { useQueries, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api';
import { titlesApi } from '@shared/api/titles';
import type { TitleSummary, WatchProvider } from '@shared/catalogue';

const BATCH = 40;
const FIVE_MINUTES = 5 * 60_000;

/** Which catalogue answers; the offline one has no streaming data, so cards skip asking. */
function useCatalogueSource() {
  return useQuery({ queryKey: ['titles', 'source'], queryFn: ({ signal }) => call(titlesApi.source, {}, { signal }), staleTime: Infinity }).data?.source;
}

/**
 * Streaming providers (US, up to 5) of the titles in a grid, asked in batches of 40 titles, so a
 * page of cards costs one request, not one per card. Keys are "movie:550".
 */
export function useCardProviders(titles: TitleSummary[]): Map<string, WatchProvider[]> {
  const source = useCatalogueSource();
  const keys = source === 'tmdb' ? titles.map((t) => `${t.mediaType}:${t.id}`) : [];
  const batches: string[][] = [];
  for (let i = 0; i < keys.length; i += BATCH) batches.push(keys.slice(i, i + BATCH));
  const results = useQueries({
    queries: batches.map((batch) => ({
      queryKey: ['titles', 'card-providers', batch] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => call(titlesApi.titleProviders, { query: { titles: batch.join(',') } }, { signal }),
      staleTime: FIVE_MINUTES,
    })),
  });
  const map = new Map<string, WatchProvider[]>();
  for (const r of results) for (const [key, list] of Object.entries(r.data?.providers ?? {})) map.set(key, list);
  return map;
}
