import type { MediaType, WatchProvider } from '../../../shared/catalogue';
import { didYouMean } from '../../../shared/did-you-mean';
import type { ArtKind, ArtSubject, Catalogue } from '../../integrations/catalogue/catalogue';
import { TtlCache } from '../../integrations/catalogue/ttl-cache';
import { type ReadyAnswer, readyJson } from '../../http/public-answers';

const MINUTE = 60 * 1000;
/** Serialised answers live this long; the catalogue behind keeps its own, longer upstream cache. */
const JSON_TTL_MS = 5 * MINUTE;
const NOT_FOUND_TTL_MS = 1 * MINUTE;
/** Catalogue answers are the same for everyone, so browsers and proxies may keep them a while. */
export const PUBLIC_CACHE = 'public, max-age=300';
const SUGGESTION_POOL_TTL_MS = 30 * MINUTE;
/** How many popular pages feed "Did you mean": all of the small offline catalogue, a few TMDB pages. */
const SUGGESTION_PAGES = { tmdb: { movie: 5, tv: 3 }, offline: { movie: 50, tv: 50 } } as const;

/**
 * The titles module's use of the catalogue. Answers are kept ready to write (JSON bytes, plain and
 * gzipped, with an ETag) per request key, so a hot title-details request is a map lookup plus a
 * write, with no re-serialising or compressing.
 */
export class TitlesService {
  private readonly json = new TtlCache<ReadyAnswer | null>(2000);
  private readonly art = new TtlCache<string | null>(500);
  private readonly suggestionPool = new TtlCache<string[]>(1);
  private readonly cardProviders = new TtlCache<WatchProvider[]>(4000);

  constructor(readonly catalogue: Catalogue) {}

  /**
   * load()'s answer ready to send, or null when load() found nothing. When the upstream fails, an
   * expired answer stands in (see TtlCache); its expiresAt is then in the past.
   */
  cachedAnswer(key: string, load: () => Promise<unknown>): Promise<ReadyAnswer | null> {
    return this.json.getOrLoad(
      key,
      (answer) => (answer === null ? NOT_FOUND_TTL_MS : JSON_TTL_MS),
      async () => {
        const value = await load();
        return value === null || value === undefined ? null : readyJson(JSON.stringify(value), PUBLIC_CACHE, JSON_TTL_MS);
      },
    );
  }

  /**
   * Where a title streams in the US, for content cards: subscription services first, then rent and
   * buy, without repeats, at most 5. From the title's details, which the catalogue caches.
   */
  streamingProviders(type: MediaType, id: number): Promise<WatchProvider[]> {
    return this.cardProviders.getOrLoad(
      `${type}:${id}`,
      () => JSON_TTL_MS,
      async () => {
        const details = await this.catalogue.getDetails(type, id);
        if (!details) return [];
        const { flatrate, rent, buy } = details.watchProviders;
        const seen = new Set<number>();
        return [...flatrate, ...rent, ...buy].filter((p) => !seen.has(p.providerId) && seen.add(p.providerId)).slice(0, 5);
      },
    );
  }

  /** "Did you mean" against the catalogue's popular and trending titles. */
  async suggest(query: string): Promise<string | null> {
    return didYouMean(query, await this.suggestionTitles());
  }

  private suggestionTitles(): Promise<string[]> {
    return this.suggestionPool.getOrLoad('titles', SUGGESTION_POOL_TTL_MS, () => this.loadSuggestionTitles());
  }

  private async loadSuggestionTitles(): Promise<string[]> {
    const limits = SUGGESTION_PAGES[this.catalogue.source];
    const [movies, shows, trending] = await Promise.all([
      this.popularTitles('movie', limits.movie),
      this.popularTitles('tv', limits.tv),
      this.catalogue.getTrending('all', 1).then((p) => p.results.map((r) => r.title)),
    ]);
    return [...new Set([...trending, ...movies, ...shows])];
  }

  private async popularTitles(type: MediaType, maxPages: number): Promise<string[]> {
    const first = await this.catalogue.getPopular(type, 1);
    const pages = Math.min(first.totalPages, maxPages);
    const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, i) => this.catalogue.getPopular(type, i + 2)));
    return [first, ...rest].flatMap((p) => p.results.map((r) => r.title));
  }

  /** Drawn artwork (offline catalogue only); null when there is no such subject or no art at all. */
  renderArt(subject: ArtSubject, id: number, kind: ArtKind): Promise<string | null> {
    const catalogue = this.catalogue;
    if (!catalogue.renderArt) return Promise.resolve(null);
    return this.art.getOrLoad(`${subject}:${id}:${kind}`, 24 * 60 * MINUTE, async () => catalogue.renderArt!(subject, id, kind));
  }
}
