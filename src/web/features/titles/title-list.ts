import type { MediaType, Page, TitleSummary } from '@shared/catalogue';

/** A title is identified by its type and id: a movie and a show may share an id. */
export const titleKey = (t: { mediaType: MediaType; id: number }) => `${t.mediaType}-${t.id}`;

export const detailsPath = (t: { mediaType: MediaType; id: number }) => `/details/${t.mediaType}/${t.id}`;

/** Keeps the first of each title, in order. */
export function uniqueTitles(titles: readonly TitleSummary[]): TitleSummary[] {
  const seen = new Set<string>();
  return titles.filter((t) => {
    const key = titleKey(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Pages of several lists (e.g. movie and TV) as one page, taking their titles in turn, each title once.
 * In turn, not by popularity: movies and series are scored on different scales (one kind would crowd
 * out the other), and each list is already in its own order (popularity, trend, votes).
 */
export function mergePages(pages: readonly Page<TitleSummary>[], page: number): Page<TitleSummary> {
  if (pages.length === 1) return pages[0]!;
  const longest = Math.max(...pages.map((p) => p.results.length));
  const results = uniqueTitles(Array.from({ length: longest }, (_, i) => pages.flatMap((p) => p.results[i] ?? [])).flat());
  return {
    page,
    totalPages: Math.max(0, ...pages.map((p) => p.totalPages)),
    totalResults: pages.reduce((sum, p) => sum + p.totalResults, 0),
    results,
  };
}

export const emptyPage = (page: number): Page<TitleSummary> => ({ page, totalPages: 0, totalResults: 0, results: [] });

/** The next page number to ask for, or undefined at the end (the API serves pages 1 to 500). */
export const nextPageParam = (last: Page<unknown>, maxPages = 500) => (last.page < Math.min(last.totalPages, maxPages) ? last.page + 1 : undefined);
