import { createRoute, z } from '@hono/zod-openapi';
import { deleteCookie } from 'hono/cookie';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { user } from '../../db/schema';
import { removeUserFiles } from '../../integrations/storage';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { requireUser } from './guards';

const deleteAccount = createRoute({
  method: 'post',
  path: '/accounts/delete',
  ...access.user,
  summary: 'Delete the signed-in account and all its data (type DELETE to confirm)',
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.strictObject({ confirm: z.literal('DELETE', "Please type 'DELETE' to confirm account deletion") }) } },
    },
  },
  responses: { 200: { description: 'Deleted', content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } } }, 400: errorSchemaRef, 401: errorSchemaRef },
});

/** Routes about one's own account that Better Auth does not cover. */
export function ownAccountRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('/accounts/delete', requireUser(deps));
  return router.openapi(deleteAccount, async (c) => {
    const me = c.get('user');
    // Sessions, profile, lists and everything else owned by the user go with it (ON DELETE CASCADE).
    await deps.database.db.delete(user).where(eq(user.id, me.id));
    // Their uploaded pictures go too (after the rows, so a failure here never keeps the account).
    await removeUserFiles(deps.storage, me.id).catch((err: unknown) => c.get('logger').warn({ err, userId: me.id }, 'could not delete the uploads of a deleted account'));
    const ctx = await deps.auth.$context;
    for (const cookie of [ctx.authCookies.sessionToken, ctx.authCookies.sessionData, ctx.authCookies.dontRememberToken]) {
      deleteCookie(c, cookie.name, { path: '/', secure: cookie.attributes.secure });
    }
    c.get('logger').info({ userId: me.id }, 'account deleted');
    return c.json({ ok: true as const }, 200);
  });
}
