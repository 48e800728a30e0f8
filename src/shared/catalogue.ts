import { z } from 'zod';

/**
 * Reelmates' own catalogue types and reference rules. Raw TMDB shapes never leave the server's
 * catalogue module; the API and the web app speak only these types, declared as Zod schemas (the
 * responses of src/shared/api/titles.ts) with their types as z.output. Zod only: runs in the browser too.
 */

export const MEDIA_TYPES = ['movie', 'tv'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const SEVERITIES = ['mild', 'moderate', 'severe'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const WARNING_CATEGORIES = ['Violence & Gore', 'Sexual Content', 'Language', 'Substance Use', 'Frightening Content'] as const;
export type WarningCategory = (typeof WARNING_CATEGORIES)[number];

/** Results per page everywhere (TMDB's page size). */
export const PAGE_SIZE = 20;
/** Related titles load at most this many pages. */
export const RECOMMENDATION_PAGE_LIMIT = 5;
export const CAST_LIMIT = 12;

// ---- Response shapes ----

const int = () => z.number().int();
/** An absolute image URL, or our own /api/catalogue/art/... drawing in the offline catalogue. */
const imageUrl = () => z.string().nullable();
const mediaType = z.enum(MEDIA_TYPES);

export const genreSchema = z.object({ id: int(), name: z.string() }).meta({ id: 'Genre' });
export type Genre = z.output<typeof genreSchema>;

export const titleSummarySchema = z
  .object({
    id: int(),
    mediaType,
    title: z.string(),
    overview: z.string(),
    posterUrl: imageUrl(),
    backdropUrl: imageUrl(),
    /** YYYY-MM-DD */
    releaseDate: z.string().nullable(),
    year: int().nullable(),
    voteAverage: z.number(),
    voteCount: int(),
    popularity: z.number(),
    genreIds: z.array(int()),
    genres: z.array(z.string()),
    /** US certification; list endpoints of TMDB do not carry it, so often null outside details. */
    certification: z.string().nullable(),
  })
  .meta({ id: 'TitleSummary' });
export type TitleSummary = z.output<typeof titleSummarySchema>;

export const seasonSummarySchema = z
  .object({ seasonNumber: int(), name: z.string(), airDate: z.string().nullable(), episodeCount: int(), posterUrl: imageUrl() })
  .meta({ id: 'SeasonSummary' });
export type SeasonSummary = z.output<typeof seasonSummarySchema>;

export const castMemberSchema = z.object({ id: int(), name: z.string(), character: z.string(), profileUrl: imageUrl() }).meta({ id: 'CastMember' });
export type CastMember = z.output<typeof castMemberSchema>;

export const companySchema = z.object({ id: int(), name: z.string(), logoUrl: imageUrl() }).meta({ id: 'Company' });
export type Company = z.output<typeof companySchema>;

export const trailerSchema = z
  .object({
    site: z.literal('YouTube'),
    /** null when there is no trailer; url is then a YouTube search. */
    key: z.string().nullable(),
    url: z.string(),
  })
  .meta({ id: 'Trailer' });
export type Trailer = z.output<typeof trailerSchema>;

export const parentalGuideItemSchema = z.object({ category: z.enum(WARNING_CATEGORIES), severity: z.enum(SEVERITIES), description: z.string() }).meta({ id: 'ParentalGuideItem' });
export type ParentalGuideItem = z.output<typeof parentalGuideItemSchema>;

export const watchProviderSchema = z.object({ providerId: int(), providerName: z.string(), logoUrl: imageUrl() }).meta({ id: 'WatchProvider' });
export type WatchProvider = z.output<typeof watchProviderSchema>;
export type WatchProviderList = WatchProvider[];

export const watchProvidersSchema = z
  .object({ link: z.string().nullable(), flatrate: z.array(watchProviderSchema), rent: z.array(watchProviderSchema), buy: z.array(watchProviderSchema) })
  .meta({ id: 'WatchProviders' });
export type WatchProviders = z.output<typeof watchProvidersSchema>;

export const titleDetailsSchema = titleSummarySchema
  .extend({
    /** Minutes; for TV the episode runtime. */
    runtime: int().nullable(),
    numberOfSeasons: int().nullable(),
    seasons: z.array(seasonSummarySchema),
    tagline: z.string(),
    cast: z.array(castMemberSchema),
    companies: z.array(companySchema),
    trailer: trailerSchema,
    keywords: z.array(z.string()),
    parentalGuide: z.array(parentalGuideItemSchema),
    watchProviders: watchProvidersSchema,
  })
  .meta({ id: 'TitleDetails' });
export type TitleDetails = z.output<typeof titleDetailsSchema>;

export const episodeSchema = z
  .object({ episodeNumber: int(), name: z.string(), airDate: z.string().nullable(), overview: z.string(), runtime: int().nullable(), stillUrl: imageUrl() })
  .meta({ id: 'Episode' });
export type Episode = z.output<typeof episodeSchema>;

export const seasonDetailsSchema = z
  .object({ seasonNumber: int(), name: z.string(), airDate: z.string().nullable(), overview: z.string(), episodes: z.array(episodeSchema) })
  .meta({ id: 'SeasonDetails' });
export type SeasonDetails = z.output<typeof seasonDetailsSchema>;

const pageFields = { page: int(), totalPages: int(), totalResults: int() };

export interface Page<T> {
  page: number;
  totalPages: number;
  totalResults: number;
  results: T[];
}

/** A page of titles: every list of the catalogue. */
export const titlePageSchema = z.object({ ...pageFields, results: z.array(titleSummarySchema) }).meta({ id: 'TitlePage' });

export const personSummarySchema = z.object({ id: int(), name: z.string(), profileUrl: imageUrl(), knownForDepartment: z.string().nullable() }).meta({ id: 'PersonSummary' });
export type PersonSummary = z.output<typeof personSummarySchema>;

/** Titles credited to the people whose name matched, plus who those people are. */
export const personSearchResultSchema = titlePageSchema.extend({ people: z.array(personSummarySchema) }).meta({ id: 'PersonSearchResult' });
export type PersonSearchResult = z.output<typeof personSearchResultSchema>;

// ---- Genres (TMDB ids; see shared/tmdb FACTS.md) ----

export const MOVIE_GENRES: readonly Genre[] = [
  { id: 28, name: 'Action' },
  { id: 12, name: 'Adventure' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 14, name: 'Fantasy' },
  { id: 36, name: 'History' },
  { id: 27, name: 'Horror' },
  { id: 10402, name: 'Music' },
  { id: 9648, name: 'Mystery' },
  { id: 10749, name: 'Romance' },
  { id: 878, name: 'Science Fiction' },
  { id: 10770, name: 'TV Movie' },
  { id: 53, name: 'Thriller' },
  { id: 10752, name: 'War' },
  { id: 37, name: 'Western' },
];

export const TV_GENRES: readonly Genre[] = [
  { id: 10759, name: 'Action & Adventure' },
  { id: 16, name: 'Animation' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
  { id: 99, name: 'Documentary' },
  { id: 18, name: 'Drama' },
  { id: 10751, name: 'Family' },
  { id: 10762, name: 'Kids' },
  { id: 9648, name: 'Mystery' },
  { id: 10763, name: 'News' },
  { id: 10764, name: 'Reality' },
  { id: 10765, name: 'Sci-Fi & Fantasy' },
  { id: 10766, name: 'Soap' },
  { id: 10767, name: 'Talk' },
  { id: 10768, name: 'War & Politics' },
  { id: 37, name: 'Western' },
];

/** Movie and TV genres merged by name for the "All" tab: 27 entries (same-name genres share an id). */
export const ALL_GENRES: readonly Genre[] = mergeGenres(MOVIE_GENRES, TV_GENRES);
export const GENRE_NAMES: ReadonlyMap<number, string> = new Map(ALL_GENRES.map((g) => [g.id, g.name]));

export function mergeGenres(...lists: readonly (readonly Genre[])[]): Genre[] {
  const byName = new Map<string, Genre>();
  for (const list of lists) for (const g of list) if (!byName.has(g.name)) byName.set(g.name, g);
  return [...byName.values()];
}

export const genresFor = (type: MediaType | 'all'): readonly Genre[] => (type === 'movie' ? MOVIE_GENRES : type === 'tv' ? TV_GENRES : ALL_GENRES);
export const genreNames = (ids: readonly number[]): string[] => ids.flatMap((id) => GENRE_NAMES.get(id) ?? []);

// Genres without a same-name twin map to their nearest equivalent; the rest clear when switching type.
const MOVIE_TO_TV: Record<number, number> = { 28: 10759, 12: 10759, 878: 10765, 14: 10765, 10752: 10768 };
const TV_TO_MOVIE: Record<number, number> = { 10759: 28, 10765: 878, 10768: 10752 };

/** The genre to keep selected when the content type switches to `to`; null when there is no equivalent. */
export function remapGenre(genreId: number, to: MediaType): number | null {
  const target = to === 'tv' ? TV_GENRES : MOVIE_GENRES;
  if (target.some((g) => g.id === genreId)) return genreId;
  return (to === 'tv' ? MOVIE_TO_TV : TV_TO_MOVIE)[genreId] ?? null;
}

// ---- Certifications (the parental guide built from them is in parental-guide.ts) ----

export const MOVIE_CERTIFICATIONS = ['G', 'PG', 'PG-13', 'R', 'NC-17'] as const;
export const TV_CERTIFICATIONS = ['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA'] as const;
export const ALL_CERTIFICATIONS: readonly string[] = [...MOVIE_CERTIFICATIONS, ...TV_CERTIFICATIONS];
export type Certification = (typeof MOVIE_CERTIFICATIONS)[number] | (typeof TV_CERTIFICATIONS)[number];
export const certificationsFor = (type: MediaType): readonly string[] => (type === 'movie' ? MOVIE_CERTIFICATIONS : TV_CERTIFICATIONS);
/** A US rating of this type of title (PG-13 rates movies, TV-MA series). */
export const isCertificationOf = (type: MediaType, value: string): value is Certification => certificationsFor(type).includes(value);

// ---- People search, seasons, runtime ----

/** Crew roles that make a title count as someone's work in person search (cast always counts). */
export const PERSON_SEARCH_ROLES = ['Director', 'Producer', 'Executive Producer', 'Writer', 'Screenplay', 'Creator'] as const;

/** Seasons worth showing: real seasons (not specials) with episodes, newest first. */
export const visibleSeasons = (seasons: readonly SeasonSummary[]): SeasonSummary[] =>
  seasons.filter((s) => s.seasonNumber > 0 && s.episodeCount > 0).sort((a, b) => b.seasonNumber - a.seasonNumber);

/** 139 -> "2h 19m"; 45 -> "45m"; 120 -> "2h"; unknown -> null. */
export function formatRuntime(minutes: number | null | undefined): string | null {
  if (!minutes || !Number.isFinite(minutes) || minutes <= 0) return null;
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (!h) return `${m}m`;
  return m ? `${h}h ${m}m` : `${h}h`;
}

export const youtubeSearchUrl = (title: string, year: number | null) =>
  `https://www.youtube.com/results?search_query=${encodeURIComponent(`${title}${year ? ` ${year}` : ''} trailer`)}`;
