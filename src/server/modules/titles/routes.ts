import { titlesApi } from '../../../shared/api/titles';
import type { AppDeps } from '../../deps';
import { errorResponse, errors, handleError } from '../../http/errors';
import type { ArtKind, Catalogue } from '../../integrations/catalogue/catalogue';
import { CatalogueUnavailableError } from '../../integrations/catalogue/catalogue';
import { routeTable } from '../accounts/guards';
import { ReadyAnswers } from './answers';
import { TitlesService } from './service';

/** The SVG is a document of its own when opened directly: no scripts, no fetches, inline styles only. */
const ART_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** The handlers of src/shared/api/titles.ts. Mounted under /api by the app. */
export function titleRoutes(deps: AppDeps & { catalogue: Catalogue }) {
  const service = new TitlesService(deps.catalogue);
  const answers = new ReadyAnswers(deps);
  const cache = (name: keyof typeof titlesApi) => titlesApi[name].cache;

  const router = routeTable(deps, titlesApi, {
    source: (c) => c.json({ source: service.source }, 200),

    search: async (c) => {
      const { q, type, page, certification } = c.req.valid('query');
      try {
        const key = `search:${type}:${page}:${certification ?? ''}:${q.toLowerCase()}`;
        return await answers.send(c, key, cache('search'), () => service.search(type, q, page, certification));
      } catch (error) {
        // Spec 001 §8: a failed person search returns empty results (not kept, so the next try asks again).
        if (type !== 'person' || !(error instanceof CatalogueUnavailableError)) throw error;
        (c.get('logger') ?? deps.logger).warn({ err: error }, 'person search failed; answering no results');
        return c.json(service.noPersonResults(page), 200, { 'Cache-Control': 'no-store' });
      }
    },

    // The same for everyone (a popular-titles pool): kept and answered at the front door like the lists,
    // since scoring a query against every candidate title costs about a millisecond of CPU.
    suggest: async (c) => {
      const { q } = c.req.valid('query');
      return answers.send(c, `suggest:${q}`, cache('suggest'), async () => ({ suggestion: await service.suggest(q) }));
    },

    discover: async (c) => {
      const filter = service.discoverFilter(c.req.valid('query'));
      return answers.send(c, `discover:${JSON.stringify(filter)}`, cache('discover'), () => service.discover(filter));
    },

    // Premium only: the guard runs on every request, then the answer kept for the filter is sent;
    // never handed to the public front door.
    advancedDiscover: async (c) => {
      const filter = service.discoverFilter(c.req.valid('query'));
      return answers.sendGuarded(c, `advanced-discover:${JSON.stringify(filter)}`, cache('advancedDiscover'), () => service.discover(filter));
    },

    trending: async (c) => {
      const { type, page, certification } = c.req.valid('query');
      return answers.send(c, `trending:${type}:${page}:${certification ?? ''}`, cache('trending'), () => service.trending(type, page, certification));
    },

    popular: async (c) => {
      const { type, page, certification } = c.req.valid('query');
      return answers.send(c, `popular:${type}:${page}:${certification ?? ''}`, cache('popular'), () => service.popular(type, page, certification));
    },

    list: async (c) => {
      const { list } = c.req.valid('param');
      const { type = 'movie', page } = c.req.valid('query');
      return answers.send(c, `list:${list}:${type}:${page}`, cache('list'), () => service.list(list, type, page));
    },

    genres: async (c) => {
      const { type } = c.req.valid('query');
      return answers.send(c, `genres:${type}`, cache('genres'), () => service.genres(type));
    },

    providers: async (c) => {
      const { type } = c.req.valid('query');
      return answers.send(c, `providers:${type}`, cache('providers'), () => service.providers(type));
    },

    titleProviders: async (c) => c.json({ providers: await service.titleProviders(c.req.valid('query').titles) }, 200),

    details: async (c) => {
      const { type, id } = c.req.valid('param');
      return answers.send(c, `details:${type}:${id}`, cache('details'), () => service.details(type, id), 'Details not found');
    },

    recommendations: async (c) => {
      const { type, id } = c.req.valid('param');
      const { page } = c.req.valid('query');
      return answers.send(c, `recommendations:${type}:${id}:${page}`, cache('recommendations'), () => service.recommendations(type, id, page));
    },

    season: async (c) => {
      const { id, season } = c.req.valid('param');
      return answers.send(c, `season:${id}:${season}`, cache('season'), () => service.season(id, season), 'Season not found');
    },

    art: async (c) => {
      const { type, id, file } = c.req.valid('param');
      const svg = await service.renderArt(type, id, file.replace('.svg', '') as ArtKind);
      if (svg === null) throw errors.notFound('Artwork not found');
      return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8', 'Content-Security-Policy': ART_CSP });
    },
  });

  router.onError((err, c) => {
    if (!(err instanceof CatalogueUnavailableError)) return handleError(err, c);
    (c.get('logger') ?? deps.logger).warn({ err, path: c.req.path }, 'catalogue unavailable');
    // A timeout has its own code: the web app does not repeat it by itself (the person already waited the
    // whole budget) and offers Try again instead.
    if (err.timedOut) return errorResponse(c, 503, 'upstream_timeout', 'The movie database did not answer in time. Please try again.');
    c.header('Retry-After', '30');
    return errorResponse(c, 503, 'catalogue_unavailable', 'The movie database is not answering right now. Please try again in a moment.');
  });
  return router;
}
