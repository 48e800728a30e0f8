import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../deps';
import { createRouter } from '../../http/openapi';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

const getHealth = createRoute({
  method: 'get',
  path: '/health',
  summary: 'Is the server up, and can it reach its database?',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: healthSchema } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: healthSchema } } },
  },
});

export function healthRoutes({ database }: AppDeps) {
  return createRouter().openapi(getHealth, async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await database.ping();
      return c.json({ status: 'ok' as const, database: 'up' as const }, 200);
    } catch {
      return c.json({ status: 'degraded' as const, database: 'down' as const }, 503);
    }
  });
}
