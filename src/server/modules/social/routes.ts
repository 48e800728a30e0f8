import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { REPORT_LOGIN_REQUIRED, reportBodySchema, socialLinksBodySchema } from '../../../shared/social';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../http/context';
import { errors } from '../../http/errors';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { currentUser, requireUser } from '../accounts/guards';
import { follow, followLists, removeFollower, reportUser, unfollow, updateSocialLinks } from './service';
import { text } from '../../../shared/text';

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
const userParam = z.object({ userId: text().min(1).max(64) });
const followState = z.object({ following: z.boolean(), followersCount: z.number().int(), followingCount: z.number().int() });
const entry = z.object({ id: z.string(), username: z.string(), fullName: z.string().nullable(), avatarUrl: z.string().nullable(), followedAt: z.string() });
const links = z.object({
  instagramUrl: z.string().nullable(),
  facebookUrl: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
  tiktokUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
  linkedinUrl: z.string().nullable(),
});
const signedIn = { 401: errorSchemaRef, 404: errorSchemaRef };

const postFollow = createRoute({
  method: 'post',
  path: '/follows/{userId}',
  ...access.user,
  summary: 'Follow a user (idempotent); the followed user gets a new_follower notification (mailed once per pair a day); 60 follow actions an hour',
  request: { params: userParam },
  responses: { 200: json(followState, "The followed user's counts"), 400: errorSchemaRef, 429: errorSchemaRef, ...signedIn },
});
const deleteFollow = createRoute({
  method: 'delete',
  path: '/follows/{userId}',
  ...access.user,
  summary: 'Unfollow a user (idempotent); removes the follow notification; counts toward the 60 follow actions an hour',
  request: { params: userParam },
  responses: { 200: json(followState, "The unfollowed user's counts"), 400: errorSchemaRef, 429: errorSchemaRef, ...signedIn },
});
const getLists = createRoute({
  method: 'get',
  path: '/follows/{userId}',
  ...access.user,
  summary: "A user's followers and following, newest first, filtered by name (signed-in users)",
  request: { params: userParam, query: z.object({ q: text().trim().max(50).optional() }) },
  responses: { 200: json(z.object({ followers: z.array(entry), following: z.array(entry), followersCount: z.number().int(), followingCount: z.number().int() })), ...signedIn },
});
const deleteFollower = createRoute({
  method: 'delete',
  path: '/me/followers/{userId}',
  ...access.user,
  summary: 'Remove someone who follows you',
  request: { params: userParam },
  responses: { 200: json(followState, 'Your counts'), 400: errorSchemaRef, ...signedIn },
});
const putSocialLinks = createRoute({
  method: 'put',
  path: '/me/social-links',
  ...access.user,
  summary: 'Replace your six social links: trimmed, empty saved as null, http(s) only (ruling 11)',
  request: { body: { required: true, content: { 'application/json': { schema: socialLinksBodySchema } } } },
  responses: { 200: json(links, 'The stored links'), 400: errorSchemaRef, ...signedIn },
});
const postReport = createRoute({
  method: 'post',
  path: '/reports/{userId}',
  ...access.user,
  summary: 'Report a user to the admins (5 an hour)',
  request: { params: userParam, body: { required: true, content: { 'application/json': { schema: reportBodySchema } } } },
  responses: { 201: json(z.object({ id: z.string() }), 'Stored as an open report'), 400: errorSchemaRef, 429: errorSchemaRef, ...signedIn },
});

/** Reporting answers anonymous callers with the spec's message. */
function requireReporter(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await currentUser(deps, c);
    if (!user) throw errors.unauthorized(REPORT_LOGIN_REQUIRED);
    c.set('user', user);
    await next();
  };
}

/** Following, followers lists, social links and reports (spec 000 §2, §4). */
export function socialRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/follows/*', requireUser(deps));
  router.use('/me/followers/*', requireUser(deps));
  router.use('/me/social-links', requireUser(deps));
  router.use('/reports/*', requireReporter(deps));
  return router
    .openapi(postFollow, async (c) => c.json(await follow(deps, c.get('user').id, c.req.valid('param').userId), 200))
    .openapi(deleteFollow, async (c) => c.json(await unfollow(deps, c.get('user').id, c.req.valid('param').userId), 200))
    .openapi(getLists, async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await followLists(deps, c.req.valid('param').userId, c.req.valid('query').q ?? ''), 200);
    })
    .openapi(deleteFollower, async (c) => c.json(await removeFollower(deps, c.get('user').id, c.req.valid('param').userId), 200))
    .openapi(putSocialLinks, async (c) => {
      const body = c.req.valid('json');
      const next = {
        instagramUrl: body.instagramUrl ?? null,
        facebookUrl: body.facebookUrl ?? null,
        youtubeUrl: body.youtubeUrl ?? null,
        tiktokUrl: body.tiktokUrl ?? null,
        twitterUrl: body.twitterUrl ?? null,
        linkedinUrl: body.linkedinUrl ?? null,
      };
      return c.json(await updateSocialLinks(deps, c.get('user').id, next), 200);
    })
    .openapi(postReport, async (c) => c.json(await reportUser(deps, c.get('user').id, c.req.valid('param').userId, c.req.valid('json').reason), 201));
}
