import { z } from 'zod';
import { genreSchema, personSearchResultSchema, seasonDetailsSchema, titleDetailsSchema, titlePageSchema, watchProviderSchema } from '../catalogue';
import {
  advancedDiscoverQuerySchema,
  artParamsSchema,
  discoverQuerySchema,
  genresQuerySchema,
  listParamsSchema,
  listQuerySchema,
  pageQuerySchema,
  popularQuerySchema,
  searchQuerySchema,
  seasonParamsSchema,
  suggestQuerySchema,
  titleParamsSchema,
  titleProvidersQuerySchema,
  trendingQuerySchema,
  typeQuerySchema,
} from '../catalogue-queries';
import { defineRoutes } from './contract';
import { anyone, premiumOnly } from './authz';

const tags = ['Catalogue'];

/**
 * Catalogue answers are the same for everyone (no session is read, nothing per user), so browsers and
 * proxies may keep them as long as the server keeps them ready (modules/titles/answers.ts).
 */
export const CATALOGUE_CACHE = 'public, max-age=300';
/** Drawn artwork changes only with a new release of the offline catalogue. */
export const ART_CACHE = 'public, max-age=86400';

/**
 * A list, details or season answer: kept ready to send as JSON bytes (plain and gzipped, with a weak
 * ETag, so If-None-Match may be answered 304) and handed to the front door for the same URL.
 */
const ready = { access: 'visitor', tags, status: 200, raw: true, conditional: true, cache: CATALOGUE_CACHE } as const;

/** The movie database: lists, search, details, seasons and the offline catalogue's artwork (spec 001). */
export const titlesApi = defineRoutes({
  source: {
    authz: anyone(),
    method: 'get',
    path: '/catalogue/source',
    access: 'visitor',
    tags,
    summary: 'Which catalogue answers: tmdb or offline',
    status: 200,
    response: z.object({ source: z.enum(['tmdb', 'offline']) }),
    cache: CATALOGUE_CACHE,
  },
  search: {
    authz: anyone(),
    ...ready,
    method: 'get',
    path: '/catalogue/search',
    summary: 'Search movies, TV shows, or the titles of people',
    description:
      'A page of titles; for type=person, the titles credited to the people whose name matched, and those people. When the movie database fails, a person search answers empty results (not cached).',
    query: searchQuerySchema,
    response: z.union([personSearchResultSchema, titlePageSchema]),
    errors: [503],
  },
  suggest: {
    authz: anyone(),
    ...ready,
    method: 'get',
    path: '/catalogue/suggest',
    summary: '"Did you mean" for a search query',
    query: suggestQuerySchema,
    response: z.object({ suggestion: z.string().nullable() }),
    errors: [503],
  },
  discover: {
    authz: anyone(),
    ...ready,
    method: 'get',
    path: '/catalogue/discover',
    summary: 'Discovery by genre and US rating, most popular first',
    query: discoverQuerySchema,
    response: titlePageSchema,
    errors: [503],
  },
  advancedDiscover: {
    authz: premiumOnly(),
    method: 'get',
    path: '/catalogue/advanced-discover',
    // Premium on the server (spec 001 §6), not only blurred in the page; per user, so not public.
    access: 'premium',
    tags,
    summary: 'Advanced Discovery: years, streaming services, TMDB rating (premium)',
    query: advancedDiscoverQuerySchema,
    status: 200,
    // A kept answer per filter, sent after the premium guard (titles/answers.ts sendGuarded).
    raw: true,
    conditional: true,
    response: titlePageSchema,
    errors: [503],
    cache: 'private, max-age=300',
  },
  trending: {
    authz: anyone(),
    ...ready,
    method: 'get',
    path: '/catalogue/trending',
    summary: 'Trending this week',
    description: 'With certification, only titles of that US rating, 20 a page, in trending order.',
    query: trendingQuerySchema,
    response: titlePageSchema,
    errors: [503],
  },
  popular: {
    authz: anyone(),
    ...ready,
    method: 'get',
    path: '/catalogue/popular',
    summary: 'Popular titles',
    description: 'With certification, only titles of that US rating, 20 a page, most popular first.',
    query: popularQuerySchema,
    response: titlePageSchema,
    errors: [503],
  },
  list: {
    authz: anyone(),
    ...ready,
    method: 'get',
    path: '/catalogue/lists/{list}',
    summary: 'Now playing, upcoming, top rated (type movie or tv) or on the air',
    description: 'now_playing and upcoming are movies, on_the_air is TV; type is read for top_rated only (default movie).',
    params: listParamsSchema,
    query: listQuerySchema,
    response: titlePageSchema,
    errors: [503],
  },
  genres: {
    authz: anyone(),
    ...ready,
    method: 'get',
    path: '/catalogue/genres',
    summary: 'Genres of movies, TV, or both merged by name',
    query: genresQuerySchema,
    response: z.object({ genres: z.array(genreSchema) }),
    errors: [503],
  },
  providers: {
    authz: anyone(),
    ...ready,
    method: 'get',
    path: '/catalogue/providers',
    summary: 'US streaming providers',
    query: typeQuerySchema,
    response: z.object({ providers: z.array(watchProviderSchema) }),
    errors: [503],
  },
  titleProviders: {
    authz: anyone('title'),
    method: 'get',
    path: '/catalogue/title-providers',
    access: 'visitor',
    tags,
    summary: 'Streaming providers (US, up to 5) of several titles, for content cards',
    description: 'Keyed by "movie:550"; subscription services first, then rent and buy.',
    query: titleProvidersQuerySchema,
    status: 200,
    response: z.object({ providers: z.record(z.string(), z.array(watchProviderSchema)) }),
    errors: [503],
    cache: CATALOGUE_CACHE,
  },
  details: {
    authz: anyone('title'),
    ...ready,
    method: 'get',
    path: '/catalogue/titles/{type}/{id}',
    summary: 'Title details',
    params: titleParamsSchema,
    response: titleDetailsSchema,
    errors: [404, 503],
  },
  recommendations: {
    authz: anyone('title'),
    ...ready,
    method: 'get',
    path: '/catalogue/titles/{type}/{id}/recommendations',
    summary: 'Related titles (up to 5 pages)',
    params: titleParamsSchema,
    query: pageQuerySchema,
    response: titlePageSchema,
    errors: [503],
  },
  season: {
    authz: anyone('title'),
    ...ready,
    method: 'get',
    path: '/catalogue/tv/{id}/seasons/{season}',
    summary: 'A season with its episodes',
    params: seasonParamsSchema,
    response: seasonDetailsSchema,
    errors: [404, 503],
  },
  art: {
    authz: anyone('title'),
    method: 'get',
    path: '/catalogue/art/{type}/{id}/{file}',
    access: 'visitor',
    tags,
    summary: 'Drawn poster, backdrop or profile picture (offline catalogue)',
    params: artParamsSchema,
    status: 200,
    produces: 'image/svg+xml',
    response: z.string().meta({ description: 'An SVG document' }),
    errors: [404],
    cache: ART_CACHE,
  },
});
