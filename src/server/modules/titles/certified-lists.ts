import { PAGE_SIZE, type MediaType, type Page, type TitleSummary } from '../../../shared/catalogue';
import type { Catalogue } from '../../integrations/catalogue/catalogue';
import { CatalogueUnavailableError } from '../../integrations/catalogue/catalogue';
import { TtlCache } from '../../integrations/catalogue/ttl-cache';

const MINUTE = 60 * 1000;
/** A rating changes about never; the catalogue's own cache keeps the upstream answer as long. */
const CERTIFICATION_TTL_MS = 6 * 60 * MINUTE;
/** A filtered list is read as long as the routes keep its answers (answers.ts). */
const SCAN_TTL_MS = 5 * MINUTE;
/** TMDB serves pages 1 to 500 of a list. */
const UPSTREAM_PAGE_LIMIT = 500;
/**
 * Upstream pages one answer may read to fill its page (each needs up to 20 rating look-ups): a rare
 * rating must not hold a request for minutes. A page left short still offers Load More, which reads on.
 */
export const SCAN_PAGES_PER_ANSWER = 12;

interface Scan {
  matched: TitleSummary[];
  nextUpstream: number;
  done: boolean;
  /** Scans of one list run one at a time: two pages asked at once must not read the same upstream page twice. */
  queue: Promise<unknown>;
}

/**
 * US ratings for list items (TMDB list items carry none) and lists filtered by rating on the server,
 * so a filtered page is a full page of 20 and "Load More" keeps going (issue 18).
 */
export class CertifiedLists {
  private readonly certifications = new TtlCache<string | null>(20_000);
  private readonly scans = new TtlCache<Scan>(500);

  constructor(private readonly catalogue: Catalogue) {}

  /** The page with every title's US rating filled in: asked for all at once, each kept 6 hours. */
  async withCertifications(page: Page<TitleSummary>): Promise<Page<TitleSummary>> {
    const results = await Promise.all(page.results.map(async (t) => (t.certification !== null ? t : { ...t, certification: await this.certificationOf(t.mediaType, t.id) })));
    return { ...page, results };
  }

  private async certificationOf(type: MediaType, id: number): Promise<string | null> {
    try {
      return await this.certifications.getOrLoad(`${type}:${id}`, CERTIFICATION_TTL_MS, () => this.catalogue.getCertification(type, id));
    } catch (error) {
      // A card without its rating is better than no list at all; the next answer asks again.
      if (error instanceof CatalogueUnavailableError) return null;
      throw error;
    }
  }

  /**
   * Page `page` of the list `key` (read upstream page by page with `load`) keeping only titles rated
   * `certification`, in the list's own order. What was read is kept, so page 2 continues where page 1 stopped.
   */
  async filtered(key: string, certification: string, page: number, load: (upstreamPage: number) => Promise<Page<TitleSummary>>): Promise<Page<TitleSummary>> {
    const scan = await this.scans.getOrLoad(`${key}:${certification}`, SCAN_TTL_MS, async () => ({ matched: [], nextUpstream: 1, done: false, queue: Promise.resolve() }));
    const run = scan.queue.then(() => this.readOn(scan, certification, page, load));
    scan.queue = run.catch(() => undefined);
    await run;
    const totalPages = Math.ceil(scan.matched.length / PAGE_SIZE);
    return {
      page,
      // Not at the end: there may be more, so the grid offers one more page.
      totalPages: scan.done ? totalPages : Math.max(totalPages, page + 1),
      totalResults: scan.done ? scan.matched.length : Math.max(scan.matched.length, (page + 1) * PAGE_SIZE),
      results: scan.matched.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    };
  }

  private async readOn(scan: Scan, certification: string, page: number, load: (upstreamPage: number) => Promise<Page<TitleSummary>>) {
    let read = 0;
    while (!scan.done && scan.matched.length < page * PAGE_SIZE && read < SCAN_PAGES_PER_ANSWER) {
      const upstream = await this.withCertifications(await load(scan.nextUpstream));
      read += 1;
      scan.matched.push(...upstream.results.filter((t) => t.certification === certification && !scan.matched.some((m) => m.mediaType === t.mediaType && m.id === t.id)));
      scan.nextUpstream += 1;
      scan.done = upstream.results.length === 0 || scan.nextUpstream > Math.min(upstream.totalPages, UPSTREAM_PAGE_LIMIT);
    }
  }
}
