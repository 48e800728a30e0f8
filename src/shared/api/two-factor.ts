import { twoFactorStatusSchema } from '../two-factor';
import { defineRoutes } from './contract';
import { signedIn } from './authz';

const tags = ['Two-factor'];

/**
 * Two-factor sign-in (issue 20, part 3). Turning it on and off, and the codes of sign-in, are
 * Better Auth's two-factor routes (/api/auth/two-factor/*); this says how the account stands.
 */
export const twoFactorApi = defineRoutes({
  status: {
    authz: signedIn,
    method: 'get',
    path: '/me/two-factor',
    access: 'user',
    tags,
    summary: 'Whether two-factor sign-in is on for me, and whether my account must use it (REQUIRE_ADMIN_2FA)',
    status: 200,
    response: twoFactorStatusSchema,
  },
});
