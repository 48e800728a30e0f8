import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../deps';
import { access, createRouter } from '../../http/openapi';

const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });

const getHealth = createRoute({
  method: 'get',
  path: '/health',
  ...access.visitor,
  summary: 'Is the server up, and can it reach its database?',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: healthSchema } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: healthSchema } } },
  },
});

export function healthRoutes({ health }: AppDeps) {
  return createRouter().openapi(getHealth, async (c) => {
    const state = await health.check();
    return c.json(state, state.status === 'ok' ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
}
