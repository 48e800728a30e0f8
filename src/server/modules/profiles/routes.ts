import { createRoute, z } from '@hono/zod-openapi';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { PROFILE_CACHE_CONTROL, viewProfileForRequest } from './service';
import { text } from '../../../shared/text';

const profileResponse = { description: 'The profile as the viewer may see it', content: { 'application/json': { schema: z.any() } } };

const getById = createRoute({
  method: 'get',
  path: '/profiles/{id}',
  ...access.visitorOrUser,
  summary: 'A profile by user id, as the viewer may see it',
  request: { params: z.object({ id: text().min(1).max(64) }) },
  responses: { 200: profileResponse, 404: errorSchemaRef },
});

const getByUsername = createRoute({
  method: 'get',
  path: '/profiles/by-username/{username}',
  ...access.visitorOrUser,
  summary: 'A profile by username (the /{username} share link)',
  request: { params: z.object({ username: text().min(1).max(60) }) },
  responses: { 200: profileResponse, 404: errorSchemaRef },
});

export function profileRoutes(deps: AppDeps) {
  return createRouter()
    // Served at the front door as well (front-route.ts), with the same function and headers.
    .openapi(getByUsername, async (c) => {
      // The viewer's session is read in the same query as the profile (one round trip).
      const profile = await viewProfileForRequest(deps, { username: c.req.valid('param').username }, c.req.raw.headers);
      if (!profile) throw errors.notFound('Profile not found');
      c.header('Cache-Control', PROFILE_CACHE_CONTROL);
      return c.json(profile, 200);
    })
    .openapi(getById, async (c) => {
      const profile = await viewProfileForRequest(deps, { id: c.req.valid('param').id }, c.req.raw.headers);
      if (!profile) throw errors.notFound('Profile not found');
      c.header('Cache-Control', PROFILE_CACHE_CONTROL);
      return c.json(profile, 200);
    });
}
