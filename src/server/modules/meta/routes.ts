import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../deps';
import { access, createRouter } from '../../http/openapi';

const metaSchema = z.object({
  offline: z.object({ database: z.boolean(), mail: z.boolean(), catalogue: z.boolean() }),
  devMailbox: z.boolean(),
});

const getMeta = createRoute({
  method: 'get',
  path: '/meta',
  ...access.visitor,
  summary: 'Which offline defaults are in use, so the UI can say so',
  responses: { 200: { description: 'Meta', content: { 'application/json': { schema: metaSchema } } } },
});

export function metaRoutes({ config }: AppDeps) {
  const body = {
    offline: {
      database: !config.databaseUrl,
      mail: !config.mail.smtpUrl,
      catalogue: !(config.tmdb.apiKey || config.tmdb.readAccessToken),
    },
    devMailbox: config.mail.devMailboxEnabled && !config.isProduction,
  };
  return createRouter().openapi(getMeta, (c) => c.json(body, 200));
}
