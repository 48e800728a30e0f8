import {
  CAST_LIMIT,
  genreNames,
  genresFor,
  PERSON_SEARCH_ROLES,
  RECOMMENDATION_PAGE_LIMIT,
  PAGE_SIZE,
  youtubeSearchUrl,
  type Genre,
  type MediaType,
  type Page,
  type PersonSearchResult,
  type SeasonDetails,
  type TitleDetails,
  type TitleSummary,
  type WatchProviderList,
} from '../../../../shared/catalogue';
import { parentalGuide } from '../../../../shared/parental-guide';
import { paginate, type ArtKind, type ArtSubject, type Catalogue, type DiscoverFilter } from '../catalogue';
import { loadOfflineData, type OfflineData, type OfflinePerson, type OfflineTitle } from './offline-data';
import { searchBy, trendingScore } from './offline-search';
import { dataDay, nowPlaying, onTheAir, upcoming } from './release-lists';
import { renderPosterSvg } from './poster-art';

export interface OfflineCatalogueOptions {
  /** Defaults to the data/ folder shipped with the source. */
  dataDir?: string;
  /** The clock for trending's recency boost (tests pin it). */
  now?: () => number;
  /** Prefix of the art URLs; the titles module serves them under /api. */
  artBaseUrl?: string;
}

const MIN_VOTES_FOR_RATING = 50;
const byPopularity = (a: { popularity: number }, b: { popularity: number }) => b.popularity - a.popularity;
const ofType = (type: MediaType | 'all') => (t: OfflineTitle) => type === 'all' || t.type === type;

/**
 * The demo catalogue: real titles from data/*.json, answering every call with the same meaning as TMDB
 * (filters, popularity order, 20 a page). Images are drawn by renderArt; there are no watch providers
 * rather than invented ones.
 */
export class OfflineCatalogue implements Catalogue {
  readonly source = 'offline' as const;
  private readonly titles: OfflineTitle[];
  private readonly people: Map<number, OfflinePerson>;
  private readonly byKey = new Map<string, OfflineTitle>();
  private readonly byImdbId = new Map<string, OfflineTitle>();
  private readonly creditsByPerson = new Map<number, OfflineTitle[]>();
  private readonly now: () => number;
  private readonly artBaseUrl: string;

  constructor(options: OfflineCatalogueOptions & { data?: OfflineData } = {}) {
    const data = options.data ?? loadOfflineData(options.dataDir);
    this.titles = [...data.titles].sort(byPopularity);
    this.people = data.people;
    this.now = options.now ?? Date.now;
    this.artBaseUrl = options.artBaseUrl ?? '/api/catalogue/art';
    const roles: readonly string[] = PERSON_SEARCH_ROLES;
    for (const t of this.titles) {
      this.byKey.set(`${t.type}:${t.id}`, t);
      if (t.imdbId) this.byImdbId.set(t.imdbId, t);
      const ids = new Set([...t.cast.map((c) => c.personId), ...t.crew.filter((c) => roles.includes(c.job)).map((c) => c.personId)]);
      for (const id of ids) this.creditsByPerson.set(id, [...(this.creditsByPerson.get(id) ?? []), t]);
    }
  }

  private art(subject: ArtSubject, id: number, kind: ArtKind) {
    return `${this.artBaseUrl}/${subject}/${id}/${kind}.svg`;
  }

  private summary(t: OfflineTitle): TitleSummary {
    return {
      id: t.id,
      mediaType: t.type,
      title: t.title,
      overview: t.overview,
      posterUrl: this.art(t.type, t.id, 'poster'),
      backdropUrl: this.art(t.type, t.id, 'backdrop'),
      releaseDate: t.releaseDate,
      year: t.year,
      voteAverage: t.voteAverage,
      voteCount: t.voteCount,
      popularity: t.popularity,
      genreIds: t.genreIds,
      genres: genreNames(t.genreIds),
      certification: t.certification,
    };
  }

  private page(titles: readonly OfflineTitle[], page: number): Page<TitleSummary> {
    const sliced = paginate(titles, page);
    return { ...sliced, results: sliced.results.map((t) => this.summary(t)) };
  }

  async searchMovies(query: string, page: number) {
    return this.page(
      searchBy(this.titles.filter(ofType('movie')), query, (t) => t.searchTitle),
      page,
    );
  }

  async searchTVShows(query: string, page: number) {
    return this.page(
      searchBy(this.titles.filter(ofType('tv')), query, (t) => t.searchTitle),
      page,
    );
  }

  async searchByPerson(query: string, page: number): Promise<PersonSearchResult> {
    const candidates = [...this.people.values()].map((p) => ({ ...p, popularity: this.creditsByPerson.get(p.id)?.reduce((s, t) => s + t.popularity, 0) ?? 0 }));
    const people = searchBy(candidates, query, (p) => p.searchName).filter((p) => p.popularity > 0);
    const titles = [...new Set(people.flatMap((p) => this.creditsByPerson.get(p.id) ?? []))].sort(byPopularity);
    return {
      ...this.page(titles, page),
      people: people.slice(0, 10).map((p) => ({ id: p.id, name: p.name, profileUrl: this.art('person', p.id, 'profile'), knownForDepartment: this.department(p.id) })),
    };
  }

  private department(personId: number): string {
    const titles = this.creditsByPerson.get(personId) ?? [];
    if (titles.some((t) => t.cast.some((c) => c.personId === personId))) return 'Acting';
    const jobs = titles.flatMap((t) => t.crew.filter((c) => c.personId === personId).map((c) => c.job));
    if (jobs.includes('Director')) return 'Directing';
    if (jobs.some((j) => j === 'Writer' || j === 'Screenplay' || j === 'Creator')) return 'Writing';
    return 'Production';
  }

  async getDiscoverContent(filter: DiscoverFilter) {
    const genres = filter.genres ?? [];
    const matches = this.titles.filter(
      (t) =>
        t.type === filter.type &&
        genres.every((g) => t.genreIds.includes(g)) &&
        (filter.yearMin === undefined || (t.year !== null && t.year >= filter.yearMin)) &&
        (filter.yearMax === undefined || (t.year !== null && t.year <= filter.yearMax)) &&
        // No title has known providers offline, so a provider filter matches nothing (as TMDB would with no data).
        !filter.watchProviders?.length &&
        (!filter.certification || t.certification === filter.certification) &&
        (!filter.tmdbRating || (t.voteAverage >= filter.tmdbRating && t.voteCount >= MIN_VOTES_FOR_RATING)),
    );
    return this.page(matches, filter.page);
  }

  async getTrending(type: MediaType | 'all', page: number) {
    const now = this.now();
    const ranked = (kind: MediaType) =>
      this.titles
        .filter(ofType(kind))
        .map((t) => ({ t, score: trendingScore(t.popularity, t.latestDate, now) }))
        .sort((a, b) => b.score - a.score)
        .map((s) => s.t);
    if (type !== 'all') return this.page(ranked(type), page);
    // Movies and series take turns: the data's series are scored on a higher scale and would fill the first pages.
    const [movies, series] = [ranked('movie'), ranked('tv')];
    return this.page(Array.from({ length: Math.max(movies.length, series.length) }, (_, i) => [movies[i], series[i]].filter((t) => t !== undefined)).flat(), page);
  }

  /**
   * The offline data has one popularity snapshot, which Discover already sorts by (as TMDB's discover
   * does); so that Popular is a list of its own, it ranks by audience instead: most votes first, the
   * titles the most people have seen and rated.
   */
  async getPopular(type: MediaType, page: number) {
    const byVotes = this.titles.filter(ofType(type)).sort((a, b) => b.voteCount - a.voteCount || b.popularity - a.popularity);
    return this.page(byVotes, page);
  }

  /** Like TMDB's top rated: highest vote average among titles with enough votes to count. */
  async getTopRated(type: MediaType, page: number) {
    const rated = this.titles.filter((t) => t.type === type && t.voteCount >= MIN_VOTES_FOR_RATING).sort((a, b) => b.voteAverage - a.voteAverage || b.voteCount - a.voteCount);
    return this.page(rated, page);
  }

  /** Movies released in the few months up to the catalogue's day, newest first. */
  async getNowPlaying(page: number) {
    return this.page(nowPlaying(this.titles, dataDay(this.now())), page);
  }

  /** Movies released after the catalogue's day, soonest first. */
  async getUpcoming(page: number) {
    return this.page(upcoming(this.titles, dataDay(this.now())), page);
  }

  /** Series that had started by the catalogue's day and were still airing then, most popular first. */
  async getOnTheAir(page: number) {
    return this.page(onTheAir(this.titles, dataDay(this.now())), page);
  }

  async getByGenre(type: MediaType, genreId: number, page: number) {
    return this.getDiscoverContent({ type, genres: [genreId], page });
  }

  async findByImdbId(imdbId: string): Promise<TitleSummary | null> {
    const t = this.byImdbId.get(imdbId);
    return t ? this.summary(t) : null;
  }

  async getDetails(type: MediaType, id: number): Promise<TitleDetails | null> {
    const t = this.byKey.get(`${type}:${id}`);
    if (!t) return null;
    const summary = this.summary(t);
    return {
      ...summary,
      runtime: t.runtime,
      numberOfSeasons: t.type === 'tv' ? t.seasons.filter((s) => s.seasonNumber > 0).length : null,
      seasons: t.seasons.map((s) => ({ ...s, posterUrl: summary.posterUrl })),
      tagline: t.tagline,
      cast: t.cast.slice(0, CAST_LIMIT).map((c) => ({
        id: c.personId,
        name: this.people.get(c.personId)?.name ?? '',
        character: c.character,
        profileUrl: this.art('person', c.personId, 'profile'),
      })),
      companies: t.companies.map((c) => ({ ...c, logoUrl: null })),
      trailer: { site: 'YouTube', key: null, url: youtubeSearchUrl(t.title, t.year) },
      keywords: t.keywords,
      parentalGuide: parentalGuide(t.certification, t.keywords),
      watchProviders: { link: null, flatrate: [], rent: [], buy: [] },
    };
  }

  async getCertification(type: MediaType, id: number): Promise<string | null> {
    return this.byKey.get(`${type}:${id}`)?.certification ?? null;
  }

  /** Episodes are not in the data: "Episode N", aired weekly from the season's air date. */
  async getSeasonDetails(tvId: number, seasonNumber: number): Promise<SeasonDetails | null> {
    const show = this.byKey.get(`tv:${tvId}`);
    const season = show?.seasons.find((s) => s.seasonNumber === seasonNumber);
    if (!show || !season) return null;
    const start = season.airDate ? Date.parse(`${season.airDate}T00:00:00Z`) : null;
    return {
      seasonNumber,
      name: season.name,
      airDate: season.airDate,
      overview: '',
      episodes: Array.from({ length: season.episodeCount }, (_, i) => ({
        episodeNumber: i + 1,
        name: `Episode ${i + 1}`,
        airDate: start === null ? null : new Date(start + i * 7 * 86_400_000).toISOString().slice(0, 10),
        overview: '',
        runtime: show.runtime,
        stillUrl: null,
      })),
    };
  }

  /** Same type, ranked by shared genres plus shared keywords, then popularity; like TMDB, up to 5 pages. */
  async getRecommendations(type: MediaType, id: number, page: number) {
    const source = this.byKey.get(`${type}:${id}`);
    if (!source) return this.page([], page);
    const keywords = new Set(source.keywords);
    const ranked = this.titles
      .filter((t) => t.type === type && t.id !== id)
      .map((t) => ({ t, overlap: t.genreIds.filter((g) => source.genreIds.includes(g)).length + t.keywords.filter((k) => keywords.has(k)).length }))
      .filter((r) => r.overlap > 0)
      .sort((a, b) => b.overlap - a.overlap || b.t.popularity - a.t.popularity)
      .slice(0, RECOMMENDATION_PAGE_LIMIT * PAGE_SIZE)
      .map((r) => r.t);
    return this.page(ranked, page);
  }

  async getWatchProviders(): Promise<WatchProviderList> {
    return [];
  }

  async getGenres(type: MediaType | 'all'): Promise<Genre[]> {
    return [...genresFor(type)];
  }

  renderArt(subject: ArtSubject, id: number, kind: ArtKind): string | null {
    if (subject === 'person') {
      const person = this.people.get(id);
      return kind === 'profile' && person ? renderPosterSvg(person.name, null, [], 'profile') : null;
    }
    const t = this.byKey.get(`${subject}:${id}`);
    if (!t || kind === 'profile') return null;
    return renderPosterSvg(t.title, t.year, genreNames(t.genreIds), kind);
  }
}
