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

/** Pages of several lists (e.g. movie and TV) as one page, most popular first, each title once. */
export function mergePages(pages: readonly Page<TitleSummary>[], page: number): Page<TitleSummary> {
  if (pages.length === 1) return pages[0]!;
  const results = uniqueTitles(pages.flatMap((p) => p.results)).sort((a, b) => b.popularity - a.popularity);
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
