import { metaApi } from '../../../shared/api/meta';
import type { Meta } from '../../../shared/meta';
import type { AppDeps } from '../../deps';
import { routeTable } from '../accounts/guards';

/** The handler of src/shared/api/meta.ts: which offline defaults are in use (fixed at start). */
export function metaRoutes(deps: AppDeps) {
  const { config } = deps;
  const body: Meta = {
    offline: {
      database: !config.databaseUrl,
      mail: !config.mail.smtpUrl,
      catalogue: !(config.tmdb.apiKey || config.tmdb.readAccessToken),
    },
    devMailbox: config.mail.devMailboxEnabled && !config.isProduction,
  };
  return routeTable(deps, metaApi, { meta: (c) => c.json(body, 200) });
}
