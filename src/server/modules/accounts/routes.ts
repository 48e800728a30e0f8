import { accountsApi } from '../../../shared/api/accounts';
import type { AppDeps } from '../../deps';
import { foundingStats } from './founding';
import { currentUser, routeTable } from './guards';
import { searchProfiles } from '../profiles/search';
import { isResetTokenValid, sessionView, signUp, usernameAvailability } from './service';

/** The handlers of src/shared/api/accounts.ts (accountsApi); the sign-up limit is declared there. */
export function accountRoutes(deps: AppDeps) {
  return routeTable(deps, accountsApi, {
    session: async (c) => c.json(await sessionView(deps, await currentUser(deps, c)), 200),
    founding: async (c) => c.json(await foundingStats(deps.database.db), 200),
    signUp: async (c) => {
      await signUp(deps, c.req.valid('json'), c.req.raw.headers);
      return c.json({ ok: true as const }, 201);
    },
    usernameAvailable: async (c) => {
      const { username, form } = c.req.valid('query');
      return c.json(await usernameAvailability(deps, username.trim(), form ?? 'sign-up', async () => (await currentUser(deps, c))?.id), 200);
    },
    resetToken: async (c) => c.json({ valid: await isResetTokenValid(deps, c.req.valid('query').token) }, 200),
    searchProfiles: async (c) => {
      const { q, page } = c.req.valid('query');
      // Signed in or not (a visitor route): a signed-in searcher's blocks filter the results.
      return c.json(await searchProfiles(deps, q, page, (await currentUser(deps, c))?.id ?? null), 200);
    },
  });
}
