import { createRoute, z } from '@hono/zod-openapi';
import { contactRequestSchema } from '../../../shared/support';
import type { AppDeps } from '../../deps';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { MemoryRateLimiter, rateLimitByIp } from '../../http/rate-limit';
import { submitContactMessage } from './service';

const postContact = createRoute({
  method: 'post',
  path: '/contact',
  ...access.visitor,
  summary: 'Send a contact inquiry, bug report or feature request to the support team',
  request: { body: { required: true, content: { 'application/json': { schema: contactRequestSchema } } } },
  responses: {
    201: { description: 'Stored and queued for mailing', content: { 'application/json': { schema: z.object({ id: z.string() }) } } },
    400: errorSchemaRef,
    429: errorSchemaRef,
  },
});

export function supportRoutes(deps: AppDeps) {
  const router = createRouter();
  const limiter = new MemoryRateLimiter(5, 10 * 60 * 1000);
  router.use('/contact', rateLimitByIp(limiter, deps.config, 'You have sent several messages in a short time. Please try again in a few minutes.'));
  return router.openapi(postContact, async (c) => {
    const row = await submitContactMessage(deps, c.req.valid('json'), null);
    return c.json({ id: row.id }, 201);
  });
}
