import { createRoute, z } from '@hono/zod-openapi';
import { signUpSchema, usernameProblems } from '../../../shared/accounts';
import { profileUsernameProblems } from '../../../shared/settings';
import type { AppDeps } from '../../deps';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { MemoryRateLimiter, rateLimitByIp } from '../../http/rate-limit';
import { foundingStats } from './founding';
import { currentUser } from './guards';
import { isUsernameTaken, searchProfiles, sessionView, signUp } from './service';
import { text } from '../../../shared/text';

const json = <T extends z.ZodType>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });

const getSession = createRoute({ method: 'get', path: '/session', ...access.visitorOrUser, summary: 'The signed-in user and their access flags, or user null', responses: { 200: json(z.any()) } });
const getFounding = createRoute({
  method: 'get',
  path: '/founding',
  ...access.visitor,
  summary: 'Founding-member spots taken and remaining',
  responses: { 200: json(z.object({ count: z.number(), limit: z.number(), remaining: z.number() })) },
});
const postSignUp = createRoute({
  method: 'post',
  path: '/accounts/sign-up',
  ...access.visitor,
  summary: 'Create an account; a verification mail is sent',
  request: { body: { required: true, content: { 'application/json': { schema: signUpSchema } } } },
  responses: { 201: json(z.object({ ok: z.literal(true) })), 400: errorSchemaRef, 403: errorSchemaRef, 409: errorSchemaRef, 429: errorSchemaRef },
});
const getUsernameAvailable = createRoute({
  method: 'get',
  path: '/accounts/username-available',
  ...access.visitorOrUser,
  summary: 'Is a username free (lowercased)? The caller’s own name counts as free.',
  request: { query: z.object({ username: text().max(60), form: z.enum(['sign-up', 'profile']).optional().openapi({ description: 'Whose rules: sign-up (default) or the settings profile form' }) }) },
  responses: { 200: json(z.object({ available: z.boolean(), problems: z.array(z.string()) })) },
});
const getProfileSearch = createRoute({
  method: 'get',
  path: '/profiles/search',
  ...access.visitor,
  summary: 'Search people by username or full name (10 results)',
  request: { query: z.object({ q: text().trim().min(1).max(50) }) },
  responses: { 200: json(z.object({ results: z.array(z.object({ id: z.string(), username: z.string(), fullName: z.string().nullable(), avatarUrl: z.string().nullable() })) })) },
});

const getResetTokenValid = createRoute({
  method: 'get',
  path: '/accounts/reset-token',
  ...access.visitor,
  summary: 'Is a password-reset token still valid? (the reset page asks before showing its form)',
  request: { query: z.object({ token: text().min(1).max(200) }) },
  responses: { 200: json(z.object({ valid: z.boolean() })) },
});

export function accountRoutes(deps: AppDeps) {
  const router = createRouter();
  const signUpLimiter = new MemoryRateLimiter(10, 60 * 60 * 1000);
  router.use('/accounts/sign-up', rateLimitByIp(signUpLimiter, deps.config, 'Too many sign-ups from your network. Please try again later.'));
  return router
    .openapi(getSession, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await sessionView(deps, await currentUser(deps, c)), 200);
    })
    .openapi(getFounding, async (c) => c.json(await foundingStats(deps.database.db), 200))
    .openapi(postSignUp, async (c) => {
      await signUp(deps, c.req.valid('json'), c.req.raw.headers);
      return c.json({ ok: true as const }, 201);
    })
    .openapi(getUsernameAvailable, async (c) => {
      const { username, form } = c.req.valid('query');
      const name = username.trim();
      const problems = form === 'profile' ? profileUsernameProblems(name) : usernameProblems(name);
      if (problems.length) return c.json({ available: false, problems }, 200);
      const me = await currentUser(deps, c);
      return c.json({ available: !(await isUsernameTaken(deps, name, me?.id)), problems: [] }, 200);
    })
    .openapi(getResetTokenValid, async (c) => {
      const ctx = await deps.auth.$context;
      const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${c.req.valid('query').token}`);
      c.header('Cache-Control', 'no-store');
      return c.json({ valid: !!found && found.expiresAt > new Date() }, 200);
    })
    .openapi(getProfileSearch, async (c) => c.json({ results: await searchProfiles(deps, c.req.valid('query').q) }, 200));
}
