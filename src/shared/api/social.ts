import { z } from 'zod';
import { socialLinksSchema } from '../profiles';
import {
  FOLLOW_RATE_LIMITED,
  FOLLOWS_PER_HOUR,
  followListsQuerySchema,
  followListsSchema,
  followStateSchema,
  REPORT_LOGIN_REQUIRED,
  REPORTS_PER_HOUR,
  reportBodySchema,
  reportResultSchema,
  socialLinksBodySchema,
} from '../social';
import { text } from '../text';
import { defineRoutes, type RateLimit } from './contract';
import { signedIn, signedInOn } from './authz';

const tags = ['Social'];
const userParam = z.object({ userId: text().min(1).max(64) });

/** Follow and unfollow share one counter: FOLLOWS_PER_HOUR actions a user, no-ops included, across instances. */
const followActions: RateLimit = { bucket: 'follow', per: 'user', max: FOLLOWS_PER_HOUR, windowMs: 60 * 60 * 1000, message: FOLLOW_RATE_LIMITED };

/** Following, followers lists, social links and reports (spec 000 §2, §4). */
export const socialApi = defineRoutes({
  follow: {
    authz: signedInOn('user', { owner: 400 }),
    method: 'post',
    path: '/follows/{userId}',
    access: 'user',
    tags,
    summary: `Follow a user (idempotent); the followed user gets a new_follower notification (mailed once per pair a day); ${FOLLOWS_PER_HOUR} follow actions an hour`,
    description: "The followed user's counts.",
    params: userParam,
    status: 200,
    response: followStateSchema,
    errors: [403, 404],
    rateLimit: followActions,
  },
  unfollow: {
    authz: signedInOn('user', { owner: 400 }),
    method: 'delete',
    path: '/follows/{userId}',
    access: 'user',
    tags,
    summary: `Unfollow a user (idempotent); removes the follow notification; counts toward the ${FOLLOWS_PER_HOUR} follow actions an hour`,
    description: "The unfollowed user's counts.",
    params: userParam,
    status: 200,
    response: followStateSchema,
    errors: [404],
    rateLimit: followActions,
  },
  followLists: {
    authz: signedInOn('user'),
    method: 'get',
    path: '/follows/{userId}',
    access: 'user',
    tags,
    summary: "A user's followers and following, newest first, filtered by name (signed-in users)",
    params: userParam,
    query: followListsQuerySchema,
    status: 200,
    response: followListsSchema,
    errors: [404],
  },
  removeFollower: {
    // Removing someone who does not follow you is a 404; no one removes themself.
    authz: signedInOn('user', { owner: 400, other: 404, admin: 404 }),
    method: 'delete',
    path: '/me/followers/{userId}',
    access: 'user',
    tags,
    summary: 'Remove someone who follows you',
    description: 'Your counts.',
    params: userParam,
    status: 200,
    response: followStateSchema,
    errors: [404],
  },
  updateSocialLinks: {
    authz: signedIn,
    method: 'put',
    path: '/me/social-links',
    access: 'user',
    tags,
    summary: 'Replace your six social links: trimmed, empty saved as null, http(s) only (ruling 11)',
    description: 'The stored links.',
    body: socialLinksBodySchema,
    status: 200,
    response: socialLinksSchema,
    errors: [404],
  },
  report: {
    authz: signedInOn('user', { owner: 400 }),
    method: 'post',
    path: '/reports/{userId}',
    access: 'user',
    signInMessage: REPORT_LOGIN_REQUIRED,
    tags,
    // The limit is the service's: only a report that is stored counts (not one refused as a self-report or for an unknown user).
    summary: `Report a user to the admins (${REPORTS_PER_HOUR} an hour)`,
    description: 'Stored as an open report.',
    params: userParam,
    body: reportBodySchema,
    status: 201,
    response: reportResultSchema,
    errors: [404, 429],
  },
});
