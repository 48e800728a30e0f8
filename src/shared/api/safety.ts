import { blockStateSchema, muteStateSchema, SAFETY_ACTIONS_PER_HOUR, SAFETY_TEXT, safetyListSchema, safetyUserParams } from '../safety';
import { defineRoutes, type RateLimit } from './contract';
import { signedIn, signedInOn } from './authz';

const tags = ['Safety'];

/** Block, unblock, mute and unmute share one counter: SAFETY_ACTIONS_PER_HOUR a user, no-ops included. */
const safetyActions: RateLimit = { bucket: 'safety', per: 'user', max: SAFETY_ACTIONS_PER_HOUR, windowMs: 60 * 60 * 1000, message: SAFETY_TEXT.tooFast };

/**
 * Block and mute (issue 20 parts 1 and 2, ruling 28). Each is idempotent and told to nobody: the
 * other user gets no notification and no event.
 */
export const safetyApi = defineRoutes({
  block: {
    authz: signedInOn('user', { owner: 400 }),
    method: 'put',
    path: '/blocks/{userId}',
    access: 'user',
    tags,
    summary: `Block a user (idempotent): both follow directions end, and follow, message, reply and mention stop between you; ${SAFETY_ACTIONS_PER_HOUR} block and mute actions an hour`,
    params: safetyUserParams,
    status: 200,
    response: blockStateSchema,
    errors: [404],
    rateLimit: safetyActions,
  },
  unblock: {
    // Idempotent: unblocking oneself, or someone not blocked, changes nothing.
    authz: signedInOn('user'),
    method: 'delete',
    path: '/blocks/{userId}',
    access: 'user',
    tags,
    summary: 'Unblock a user (idempotent); follows do not come back',
    params: safetyUserParams,
    status: 200,
    response: blockStateSchema,
    rateLimit: safetyActions,
  },
  listBlocked: {
    authz: signedIn,
    method: 'get',
    path: '/me/blocks',
    access: 'user',
    tags,
    summary: 'The users I blocked, newest first',
    status: 200,
    response: safetyListSchema,
  },
  mute: {
    authz: signedInOn('user', { owner: 400 }),
    method: 'put',
    path: '/mutes/{userId}',
    access: 'user',
    tags,
    summary: "Mute a user (idempotent): their forum posts come back flagged and their notifications to you stop; they aren't told",
    params: safetyUserParams,
    status: 200,
    response: muteStateSchema,
    errors: [404],
    rateLimit: safetyActions,
  },
  unmute: {
    // Idempotent: unblocking oneself, or someone not blocked, changes nothing.
    authz: signedInOn('user'),
    method: 'delete',
    path: '/mutes/{userId}',
    access: 'user',
    tags,
    summary: 'Unmute a user (idempotent)',
    params: safetyUserParams,
    status: 200,
    response: muteStateSchema,
    rateLimit: safetyActions,
  },
  listMuted: {
    authz: signedIn,
    method: 'get',
    path: '/me/mutes',
    access: 'user',
    tags,
    summary: 'The users I muted, newest first',
    status: 200,
    response: safetyListSchema,
  },
});
