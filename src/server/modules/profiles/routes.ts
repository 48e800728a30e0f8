import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { createRouter, errorSchemaRef } from '../../http/openapi';
import { currentUser } from '../accounts/guards';
import { viewProfile } from './service';

const profileResponse = { description: 'The profile as the viewer may see it', content: { 'application/json': { schema: z.any() } } };

const getById = createRoute({
  method: 'get',
  path: '/profiles/{id}',
  summary: 'A profile by user id, as the viewer may see it',
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: { 200: profileResponse, 404: errorSchemaRef },
});

const getByUsername = createRoute({
  method: 'get',
  path: '/profiles/by-username/{username}',
  summary: 'A profile by username (the /{username} share link)',
  request: { params: z.object({ username: z.string().min(1).max(60) }) },
  responses: { 200: profileResponse, 404: errorSchemaRef },
});

/** The viewer, without asking the session store when the request carries no session cookie (guests, share links). */
async function viewerOf(deps: AppDeps, c: Context) {
  return c.req.header('cookie')?.includes('session_token') ? currentUser(deps, c) : null;
}

export function profileRoutes(deps: AppDeps) {
  return createRouter()
    .openapi(getByUsername, async (c) => {
      const viewer = await viewerOf(deps, c);
      const profile = await viewProfile(deps, { username: c.req.valid('param').username }, viewer?.id ?? null);
      if (!profile) throw errors.notFound('Profile not found');
      c.header('Cache-Control', 'private, no-store');
      return c.json(profile, 200);
    })
    .openapi(getById, async (c) => {
      const viewer = await viewerOf(deps, c);
      const profile = await viewProfile(deps, { id: c.req.valid('param').id }, viewer?.id ?? null);
      if (!profile) throw errors.notFound('Profile not found');
      c.header('Cache-Control', 'private, no-store');
      return c.json(profile, 200);
    });
}
