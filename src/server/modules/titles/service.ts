import type { Genre, MediaType, Page, PersonSearchResult, SeasonDetails, TitleDetails, TitleSummary, WatchProvider } from '../../../shared/catalogue';
import type { advancedDiscoverQuerySchema, CatalogueList, discoverQuerySchema } from '../../../shared/catalogue-queries';
import { didYouMean } from '../../../shared/did-you-mean';
import type { z } from 'zod';
import type { ArtKind, ArtSubject, Catalogue, DiscoverFilter } from '../../integrations/catalogue/catalogue';
import { TtlCache } from '../../integrations/catalogue/ttl-cache';
import { CertifiedLists } from './certified-lists';

const MINUTE = 60 * 1000;
/** Card providers are kept as long as the routes keep their answers ready (answers.ts). */
const CARD_PROVIDERS_TTL_MS = 5 * MINUTE;
const SUGGESTION_POOL_TTL_MS = 30 * MINUTE;
/** How many popular pages feed "Did you mean": all of the small offline catalogue, a few TMDB pages. */
const SUGGESTION_PAGES = { tmdb: { movie: 5, tv: 3 }, offline: { movie: 50, tv: 50 } } as const;

export type SearchType = 'movie' | 'tv' | 'person';

/**
 * The titles module's use of the catalogue: data in the shared types of src/shared/catalogue.ts. The
 * routes keep its answers ready to send (answers.ts); nothing here knows HTTP.
 */
export class TitlesService {
  private readonly art = new TtlCache<string | null>(500);
  private readonly suggestionPool = new TtlCache<string[]>(1);
  private readonly cardProviders = new TtlCache<WatchProvider[]>(4000);

  private readonly certified: CertifiedLists;

  constructor(readonly catalogue: Catalogue) {
    this.certified = new CertifiedLists(catalogue);
  }

  get source() {
    return this.catalogue.source;
  }

  /** With a certification (movie or TV search), only titles of that US rating, in the search's order. */
  search(type: SearchType, q: string, page: number, certification?: string): Promise<Page<TitleSummary> | PersonSearchResult> {
    if (type === 'person') return this.catalogue.searchByPerson(q, page);
    const load = (p: number) => (type === 'tv' ? this.catalogue.searchTVShows(q, p) : this.catalogue.searchMovies(q, p));
    if (certification) return this.certified.filtered(`search:${type}:${q.toLowerCase()}`, certification, page, load);
    return load(page).then((p) => this.certified.withCertifications(p));
  }

  /** What a failed person search answers (spec 001 §8: empty results, not an error). */
  noPersonResults(page: number): PersonSearchResult {
    return { page, totalPages: 0, totalResults: 0, results: [], people: [] };
  }

  /** The catalogue's filter for a discover query; sorted, so the same filter in another order is the same filter. */
  discoverFilter(query: z.output<typeof discoverQuerySchema> | z.output<typeof advancedDiscoverQuerySchema>): DiscoverFilter {
    const { type, genres, certification, page } = query;
    const { yearMin, yearMax, providers, rating } = 'yearMin' in query ? query : { yearMin: undefined, yearMax: undefined, providers: undefined, rating: undefined };
    return {
      type,
      genres: genres && [...new Set(genres)].sort((a, b) => a - b),
      yearMin,
      yearMax,
      watchProviders: providers && [...new Set(providers)].sort((a, b) => a - b),
      certification,
      tmdbRating: rating,
      sortBy: 'popularity.desc',
      page,
    };
  }

  async discover(filter: DiscoverFilter): Promise<Page<TitleSummary>> {
    return this.certified.withCertifications(await this.catalogue.getDiscoverContent(filter));
  }

  /** With a certification, only titles of that US rating, in trending order (read on the server, issue 18). */
  async trending(type: MediaType | 'all', page: number, certification?: string): Promise<Page<TitleSummary>> {
    if (certification) return this.certified.filtered(`trending:${type}`, certification, page, (p) => this.catalogue.getTrending(type, p));
    return this.certified.withCertifications(await this.catalogue.getTrending(type, page));
  }

  /**
   * Popular is most popular first, which discovery sorts by too: with a certification the catalogue's
   * discovery filters it upstream (TMDB discover with certification_country=US), full pages at no extra cost.
   */
  async popular(type: MediaType, page: number, certification?: string): Promise<Page<TitleSummary>> {
    if (certification) return this.discover({ type, certification, sortBy: 'popularity.desc', page });
    return this.certified.withCertifications(await this.catalogue.getPopular(type, page));
  }

  /** The front-page lists (spec 001 §7); top_rated reads `type`, the others have one kind each. */
  async list(list: CatalogueList, type: MediaType, page: number): Promise<Page<TitleSummary>> {
    const c = this.catalogue;
    const loaded =
      list === 'now_playing' ? c.getNowPlaying(page) : list === 'upcoming' ? c.getUpcoming(page) : list === 'on_the_air' ? c.getOnTheAir(page) : c.getTopRated(type, page);
    return this.certified.withCertifications(await loaded);
  }

  async genres(type: MediaType | 'all'): Promise<{ genres: Genre[] }> {
    return { genres: await this.catalogue.getGenres(type) };
  }

  async providers(type: MediaType): Promise<{ providers: WatchProvider[] }> {
    return { providers: await this.catalogue.getWatchProviders(type) };
  }

  /** null: no such title. */
  details(type: MediaType, id: number): Promise<TitleDetails | null> {
    return this.catalogue.getDetails(type, id);
  }

  async recommendations(type: MediaType, id: number, page: number): Promise<Page<TitleSummary>> {
    return this.certified.withCertifications(await this.catalogue.getRecommendations(type, id, page));
  }

  /** null: no such series or season. */
  season(tvId: number, season: number): Promise<SeasonDetails | null> {
    return this.catalogue.getSeasonDetails(tvId, season);
  }

  /** Card providers of several titles, keyed "movie:550". */
  async titleProviders(titles: readonly { type: MediaType; id: number }[]): Promise<Record<string, WatchProvider[]>> {
    const entries = await Promise.all(titles.map(async ({ type, id }) => [`${type}:${id}`, await this.streamingProviders(type, id)] as const));
    return Object.fromEntries(entries);
  }

  /**
   * Where a title streams in the US, for content cards: subscription services first, then rent and
   * buy, without repeats, at most 5. From the title's details, which the catalogue caches.
   */
  streamingProviders(type: MediaType, id: number): Promise<WatchProvider[]> {
    return this.cardProviders.getOrLoad(
      `${type}:${id}`,
      () => CARD_PROVIDERS_TTL_MS,
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
