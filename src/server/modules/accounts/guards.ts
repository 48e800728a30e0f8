import type { Context, MiddlewareHandler } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv, AuthedUser } from '../../http/context';
import { errors } from '../../http/errors';
import { isAdmin } from './access';
import { resolveSession } from './session';

/** The signed-in user, or null (no, bad, expired or revoked session; banned). See session.ts. */
export async function currentUser(deps: AppDeps, c: Context): Promise<AuthedUser | null> {
  return resolveSession(deps, c.req.raw.headers);
}

/** Every route that needs a signed-in user uses this; the user is then c.get('user'). */
export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await currentUser(deps, c);
    if (!user) throw errors.unauthorized();
    c.set('user', user);
    await next();
  };
}

export function requireAdmin(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await currentUser(deps, c);
    if (!user) throw errors.unauthorized();
    if (!(await isAdmin(deps.database.db, user.id))) throw errors.forbidden();
    c.set('user', user);
    await next();
  };
}
