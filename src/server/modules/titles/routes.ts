import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ArtKind, Catalogue } from '../../integrations/catalogue/catalogue';
import { CatalogueUnavailableError } from '../../integrations/catalogue/catalogue';
import type { PersonSearchResult } from '../../../shared/catalogue';
import type { AppDeps } from '../../deps';
import { errorResponse, handleError } from '../../http/errors';
import { incomingOf, type ReadyAnswer, sendAnswer } from '../../http/public-answers';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import {
  artParamsSchema,
  discoverQuerySchema,
  genresQuerySchema,
  pageQuerySchema,
  searchQuerySchema,
  seasonParamsSchema,
  suggestQuerySchema,
  titleProvidersQuerySchema,
  titleParamsSchema,
  trendingQuerySchema,
  typedPageQuerySchema,
  typeQuerySchema,
} from './schemas';
import { PUBLIC_CACHE, TitlesService } from './service';

const ART_CACHE = 'public, max-age=86400';
/** The SVG is a document of its own when opened directly: no scripts, no fetches, inline styles only. */
const ART_CSP = "default-src 'none'; style-src 'unsafe-inline'";

type RouteRequest = RouteConfig['request'];
const get = <R extends RouteRequest, P extends string>(path: P, summary: string, description: string, request: R) =>
  createRoute({
    method: 'get',
    path,
    ...access.visitor, // catalogue answers are the same for everyone (and kept for the front door)
    summary,
    tags: ['Catalogue'],
    request,
    // 200 bodies are sent as cached JSON bytes; the shapes are the types in src/shared/catalogue.ts.
    responses: { 200: { description }, 304: { description: 'Not modified (If-None-Match)' }, 400: errorSchemaRef, 404: errorSchemaRef, 503: errorSchemaRef },
  });

const routes = {
  source: get('/catalogue/source', 'Which catalogue answers: tmdb or offline', '{ source }', {}),
  search: get('/catalogue/search', 'Search movies, TV shows, or the titles of people', 'Page<TitleSummary>, or PersonSearchResult for type=person', { query: searchQuerySchema }),
  suggest: get('/catalogue/suggest', '"Did you mean" for a search query', '{ suggestion: string | null }', { query: suggestQuerySchema }),
  discover: get('/catalogue/discover', 'Filtered discovery, most popular first', 'Page<TitleSummary>', { query: discoverQuerySchema }),
  trending: get('/catalogue/trending', 'Trending this week', 'Page<TitleSummary>', { query: trendingQuerySchema }),
  popular: get('/catalogue/popular', 'Popular titles', 'Page<TitleSummary>', { query: typedPageQuerySchema }),
  genres: get('/catalogue/genres', 'Genres of movies, TV, or both merged by name', '{ genres: Genre[] }', { query: genresQuerySchema }),
  providers: get('/catalogue/providers', 'US streaming providers', '{ providers: WatchProvider[] }', { query: typeQuerySchema }),
  titleProviders: get('/catalogue/title-providers', 'Streaming providers (US, up to 5) of several titles, for content cards', '{ providers: Record<"movie:550", WatchProvider[]> }', {
    query: titleProvidersQuerySchema,
  }),
  details: get('/catalogue/titles/{type}/{id}', 'Title details', 'TitleDetails', { params: titleParamsSchema }),
  recommendations: get('/catalogue/titles/{type}/{id}/recommendations', 'Related titles (up to 5 pages)', 'Page<TitleSummary>', {
    params: titleParamsSchema,
    query: pageQuerySchema,
  }),
  season: get('/catalogue/tv/{id}/seasons/{season}', 'A season with its episodes', 'SeasonDetails', { params: seasonParamsSchema }),
  art: get('/catalogue/art/{type}/{id}/{file}', 'Drawn poster, backdrop or profile picture (offline catalogue)', 'image/svg+xml', { params: artParamsSchema }),
};

/** Mounted under /api by the app. */
export function titleRoutes(deps: AppDeps & { catalogue: Catalogue }) {
  const { catalogue, publicAnswers } = deps;
  const service = new TitlesService(catalogue);
  const router = createRouter();

  /**
   * Sends a cached answer and hands it to the front door for this exact URL: catalogue answers need
   * no session and hold nothing per user, so until it expires the same URL is answered there with
   * the same bytes, before the API stack.
   */
  function sendJson(c: Context, answer: ReadyAnswer) {
    const url = incomingOf(c)?.url;
    if (url !== undefined) publicAnswers.remember(url, answer);
    return sendAnswer(c, answer);
  }

  router.onError((err, c) => {
    if (!(err instanceof CatalogueUnavailableError)) return handleError(err, c);
    (c.get('logger') ?? deps.logger).warn({ err, path: c.req.path }, 'catalogue unavailable');
    // A timeout has its own code: the web app does not repeat it by itself (the person already waited the
    // whole budget) and offers Try again instead.
    if (err.timedOut) return errorResponse(c, 503, 'upstream_timeout', 'The movie database did not answer in time. Please try again.');
    c.header('Retry-After', '30');
    return errorResponse(c, 503, 'catalogue_unavailable', 'The movie database is not answering right now. Please try again in a moment.');
  });

  router.openapi(routes.source, (c) => c.json({ source: catalogue.source }, 200, { 'Cache-Control': PUBLIC_CACHE }));

  router.openapi(routes.search, async (c) => {
    const { q, type, page } = c.req.valid('query');
    const load = () => (type === 'person' ? catalogue.searchByPerson(q, page) : type === 'tv' ? catalogue.searchTVShows(q, page) : catalogue.searchMovies(q, page));
    try {
      return sendJson(c, (await service.cachedAnswer(`search:${type}:${page}:${q.toLowerCase()}`, load))!);
    } catch (error) {
      // Spec: a failed person search returns empty results (not kept, so the next try asks again).
      if (type !== 'person' || !(error instanceof CatalogueUnavailableError)) throw error;
      (c.get('logger') ?? deps.logger).warn({ err: error }, 'person search failed; answering no results');
      const empty: PersonSearchResult = { page, totalPages: 0, totalResults: 0, results: [], people: [] };
      return c.json(empty, 200, { 'Cache-Control': 'no-store' });
    }
  });

  router.openapi(routes.suggest, async (c) => {
    const { q } = c.req.valid('query');
    return c.json({ suggestion: await service.suggest(q) }, 200, { 'Cache-Control': PUBLIC_CACHE });
  });

  router.openapi(routes.discover, async (c) => {
    const { type, genres, yearMin, yearMax, providers, certification, rating, page } = c.req.valid('query');
    // Sorted so the same filter in another order hits the same cache entry.
    const filter = {
      type,
      genres: genres && [...new Set(genres)].sort((a, b) => a - b),
      yearMin,
      yearMax,
      watchProviders: providers && [...new Set(providers)].sort((a, b) => a - b),
      certification,
      tmdbRating: rating,
      sortBy: 'popularity.desc' as const,
      page,
    };
    return sendJson(c, (await service.cachedAnswer(`discover:${JSON.stringify(filter)}`, () => catalogue.getDiscoverContent(filter)))!);
  });

  router.openapi(routes.trending, async (c) => {
    const { type, page } = c.req.valid('query');
    return sendJson(c, (await service.cachedAnswer(`trending:${type}:${page}`, () => catalogue.getTrending(type, page)))!);
  });

  router.openapi(routes.popular, async (c) => {
    const { type, page } = c.req.valid('query');
    return sendJson(c, (await service.cachedAnswer(`popular:${type}:${page}`, () => catalogue.getPopular(type, page)))!);
  });

  router.openapi(routes.genres, async (c) => {
    const { type } = c.req.valid('query');
    return sendJson(c, (await service.cachedAnswer(`genres:${type}`, async () => ({ genres: await catalogue.getGenres(type) })))!);
  });

  router.openapi(routes.providers, async (c) => {
    const { type } = c.req.valid('query');
    return sendJson(c, (await service.cachedAnswer(`providers:${type}`, async () => ({ providers: await catalogue.getWatchProviders(type) })))!);
  });

  router.openapi(routes.titleProviders, async (c) => {
    const titles = c.req.valid('query').titles;
    const entries = await Promise.all(titles.map(async ({ type, id }) => [`${type}:${id}`, await service.streamingProviders(type, id)] as const));
    return c.json({ providers: Object.fromEntries(entries) }, 200, { 'Cache-Control': PUBLIC_CACHE });
  });

  router.openapi(routes.details, async (c) => {
    const { type, id } = c.req.valid('param');
    const answer = await service.cachedAnswer(`details:${type}:${id}`, () => catalogue.getDetails(type, id));
    return answer === null ? errorResponse(c, 404, 'not_found', 'Details not found') : sendJson(c, answer);
  });

  router.openapi(routes.recommendations, async (c) => {
    const { type, id } = c.req.valid('param');
    const { page } = c.req.valid('query');
    return sendJson(c, (await service.cachedAnswer(`recommendations:${type}:${id}:${page}`, () => catalogue.getRecommendations(type, id, page)))!);
  });

  router.openapi(routes.season, async (c) => {
    const { id, season } = c.req.valid('param');
    const answer = await service.cachedAnswer(`season:${id}:${season}`, () => catalogue.getSeasonDetails(id, season));
    return answer === null ? errorResponse(c, 404, 'not_found', 'Season not found') : sendJson(c, answer);
  });

  router.openapi(routes.art, async (c) => {
    const { type, id, file } = c.req.valid('param');
    const svg = await service.renderArt(type, id, file.replace('.svg', '') as ArtKind);
    if (svg === null) return errorResponse(c, 404, 'not_found', 'Artwork not found');
    return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Cache-Control': ART_CACHE, 'Content-Security-Policy': ART_CSP });
  });

  return router;
}
