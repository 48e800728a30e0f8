import { z } from 'zod';
import { sessionListSchema, sessionParamsSchema, signOutOthersResultSchema } from '../sessions';
import { defineRoutes } from './contract';
import { ownerOnly, signedIn } from './authz';

const tags = ['Sessions'];

/**
 * One's signed-in devices (issue 20, part 5). Only the owner sees or ends their sessions; another
 * user's session id answers 404, as an unknown one does.
 */
export const sessionsApi = defineRoutes({
  list: {
    authz: signedIn,
    method: 'get',
    path: '/me/sessions',
    access: 'user',
    tags,
    summary: 'My signed-in devices, the current one marked, most recently active first',
    status: 200,
    response: sessionListSchema,
  },
  signOut: {
    authz: ownerOnly('session'),
    method: 'delete',
    path: '/me/sessions/{id}',
    access: 'user',
    tags,
    summary: 'Sign out one of my devices (its next request is refused, on every instance)',
    params: sessionParamsSchema,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    errors: [404],
  },
  signOutOthers: {
    authz: signedIn,
    method: 'post',
    path: '/me/sessions/sign-out-others',
    access: 'user',
    tags,
    summary: 'Sign out every device but this one',
    status: 200,
    response: signOutOthersResultSchema,
  },
});
