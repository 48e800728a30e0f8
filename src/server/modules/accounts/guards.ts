import type { Context, MiddlewareHandler } from 'hono';
import type { RouteContract } from '../../../shared/api/contract';
import type { AppDeps } from '../../deps';
import type { AppEnv, AuthedUser } from '../../http/context';
import { hitDbLimit } from '../../http/db-rate-limit';
import { errors } from '../../http/errors';
import { clientIp } from '../../http/rate-limit';
import { type Handlers, mountTable, type RouteWiring } from '../../http/route-table';
import { assertAdminTwoFactor } from '../security/admin-two-factor';
import { computeAccess, isAdmin, loadAccess } from './access';
import { resolveSession, sessionRecordOf } from './session';

/**
 * The signed-in user, or null (no, bad, expired or revoked session; banned). See session.ts.
 * Resolved once per request: the guard and the handler share the one lookup.
 */
export function currentUser(deps: AppDeps, c: Context<AppEnv>): Promise<AuthedUser | null> {
  let viewer = c.get('viewer');
  if (!viewer) {
    viewer = resolveSession(deps, c.req.raw.headers);
    c.set('viewer', viewer);
  }
  return viewer;
}

/** Every route declared `access: 'user'` gets this; the user is then c.get('user'). */
export function requireUser(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await currentUser(deps, c);
    if (!user) throw errors.unauthorized();
    c.set('user', user);
    await next();
  };
}

/** Every route declared `access: 'admin'` gets this (with REQUIRE_ADMIN_2FA, only once the admin has two-factor sign-in on). */
export function requireAdmin(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await currentUser(deps, c);
    if (!user) throw errors.unauthorized();
    // The role as the request's session record has it (the session cache drops a record the moment
    // a role changes, on every instance); a session Better Auth resolved has none, so ask.
    const admin = sessionRecordOf(user)?.isAdmin ?? (await isAdmin(deps.database.db, user.id));
    if (!admin) throw errors.forbidden();
    await assertAdminTwoFactor(deps, user.id);
    c.set('user', user);
    await next();
  };
}

/** The 403 a free user gets from a premium route; the page shows its upgrade prompt instead. */
export const PREMIUM_REQUIRED = 'This is a premium feature. Upgrade to use it.';

/** Every route declared `access: 'premium'` gets this (ruling 4's computeAccess decides who is premium). */
export function requirePremium(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await currentUser(deps, c);
    if (!user) throw errors.unauthorized();
    const owner = deps.config.auth.ownerEmail;
    const record = sessionRecordOf(user);
    // As requireAdmin: the session record's plan and role when there is one, else a read.
    const access = record
      ? computeAccess({ email: user.email, ownerEmail: owner, isAdmin: record.isAdmin, foundingMember: record.foundingMember, subscription: record.subscription })
      : await loadAccess(deps.database.db, user, owner);
    if (!access.isPremium) throw errors.forbidden(PREMIUM_REQUIRED);
    c.set('user', user);
    await next();
  };
}

const wirings = new WeakMap<AppDeps, RouteWiring>();

function wiringOf(deps: AppDeps): RouteWiring {
  let wiring = wirings.get(deps);
  if (!wiring) {
    wiring = {
      requireUser: requireUser(deps),
      requireAdmin: requireAdmin(deps),
      requirePremium: requirePremium(deps),
      hitLimit: (key, max, windowMs) => hitDbLimit(deps.database.db, key, max, windowMs),
      clientAddress: (c) => clientIp(c, deps.config),
      checkResponses: deps.config.checkResponseContracts,
    };
    wirings.set(deps, wiring);
  }
  return wiring;
}

/** A module's routes: its table from src/shared/api, its handlers, and the server's guards. */
export function routeTable<T extends Record<string, RouteContract>>(deps: AppDeps, table: T, handlers: Handlers<T>) {
  return mountTable(table, handlers, wiringOf(deps));
}
