import type { Logger } from '../../logger';
import type { Catalogue } from './catalogue';
import { OfflineCatalogue, type OfflineCatalogueOptions } from './offline/offline-catalogue';
import { TmdbCatalogue } from './tmdb/tmdb-catalogue';
import type { TmdbClientOptions } from './tmdb/tmdb-client';

export { CatalogueUnavailableError, type Catalogue, type DiscoverFilter } from './catalogue';
export { OfflineCatalogue } from './offline/offline-catalogue';
export { renderPosterSvg } from './offline/poster-art';
export { TmdbCatalogue } from './tmdb/tmdb-catalogue';
export { DEFAULT_TMDB_BASE_URL } from './tmdb/tmdb-client';

/** The slice of Config the catalogue reads; baseUrl is TMDB_BASE_URL once config carries it. */
export interface CatalogueConfig {
  tmdb: { apiKey?: string; readAccessToken?: string; baseUrl?: string };
}

export interface CreateCatalogueOptions {
  /** Overrides for the TMDB client (timeouts, retries, a base URL for tests). */
  tmdb?: Partial<TmdbClientOptions>;
  offline?: OfflineCatalogueOptions;
}

/** TMDB when an API key or read access token is configured, otherwise the offline demo catalogue. */
export function createCatalogue(config: CatalogueConfig, logger: Logger, options: CreateCatalogueOptions = {}): Catalogue {
  const { apiKey, readAccessToken, baseUrl } = config.tmdb;
  if (apiKey || readAccessToken) {
    return new TmdbCatalogue({ apiKey, readAccessToken, baseUrl, logger: logger.child({ module: 'tmdb' }), ...options.tmdb });
  }
  return new OfflineCatalogue(options.offline);
}
