import { z } from 'zod';
import { passkeyListSchema, passkeyParamsSchema, passkeyRenameSchema, passkeyViewSchema } from '../passkeys';
import { defineRoutes } from './contract';
import { ownerOnly, signedIn } from './authz';

const tags = ['Passkeys'];

/**
 * One's passkeys (issue 20, part 4; decision 046). Registering one and signing in with one are
 * Better Auth's passkey plugin's (`/api/auth/passkey/*`); listing, renaming and removing are these
 * routes. Another user's passkey id answers 404, as an unknown one does.
 */
export const passkeysApi = defineRoutes({
  list: {
    authz: signedIn,
    method: 'get',
    path: '/me/passkeys',
    access: 'user',
    tags,
    summary: 'My passkeys, newest first',
    status: 200,
    response: passkeyListSchema,
  },
  rename: {
    authz: ownerOnly('passkey'),
    method: 'patch',
    path: '/me/passkeys/{id}',
    access: 'user',
    tags,
    summary: 'Rename one of my passkeys',
    params: passkeyParamsSchema,
    body: passkeyRenameSchema,
    status: 200,
    response: passkeyViewSchema,
    errors: [404],
  },
  remove: {
    authz: ownerOnly('passkey'),
    method: 'delete',
    path: '/me/passkeys/{id}',
    access: 'user',
    tags,
    summary: 'Remove one of my passkeys: it can no longer be used to sign in',
    params: passkeyParamsSchema,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [404],
  },
});
