import { z } from 'zod';
import {
  deleteAccountSchema,
  profileSearchQuerySchema,
  profileSearchResultsSchema,
  resetTokenQuerySchema,
  resetTokenStateSchema,
  signUpSchema,
  usernameAvailabilitySchema,
  usernameCheckQuerySchema,
} from '../accounts';
import { foundingStatsSchema } from '../founding';
import { sessionViewSchema } from '../session';
import { defineRoutes } from './contract';
import { anyone, signedIn } from './authz';

const tags = ['Accounts'];
const ok = z.object({ ok: z.literal(true) });

/**
 * Accounts beyond Better Auth's own /api/auth/* (spec 000 §3–§5; product rules 3, 4, 6). Sign-up
 * is limited per client address in the database, so every instance counts the same hits.
 */
export const accountsApi = defineRoutes({
  session: {
    authz: anyone(),
    method: 'get',
    path: '/session',
    access: 'visitorOrUser',
    tags,
    summary: 'The signed-in user and their access flags, or user null',
    status: 200,
    response: sessionViewSchema,
    cache: 'no-store',
  },
  founding: {
    authz: anyone(),
    method: 'get',
    path: '/founding',
    access: 'visitor',
    tags,
    summary: 'Founding-member spots taken and remaining',
    status: 200,
    response: foundingStatsSchema,
  },
  signUp: {
    authz: anyone(),
    method: 'post',
    path: '/accounts/sign-up',
    access: 'visitor',
    tags,
    summary: 'Create an account; a verification mail is sent',
    body: signUpSchema,
    status: 201,
    response: ok,
    errors: [403, 409],
    rateLimit: { bucket: 'sign-up', per: 'address', max: 10, windowMs: 60 * 60 * 1000, message: 'Too many sign-ups from your network. Please try again later.' },
  },
  usernameAvailable: {
    authz: anyone(),
    method: 'get',
    path: '/accounts/username-available',
    access: 'visitorOrUser',
    tags,
    summary: 'Is a username free (lowercased)? The caller’s own name counts as free.',
    query: usernameCheckQuerySchema,
    status: 200,
    response: usernameAvailabilitySchema,
  },
  resetToken: {
    authz: anyone(),
    method: 'get',
    path: '/accounts/reset-token',
    access: 'visitor',
    tags,
    summary: 'Is a password-reset token still valid? (the reset page asks before showing its form)',
    query: resetTokenQuerySchema,
    status: 200,
    response: resetTokenStateSchema,
    cache: 'no-store',
  },
  searchProfiles: {
    authz: anyone(),
    method: 'get',
    path: '/profiles/search',
    access: 'visitor',
    tags,
    summary: 'Search people by username or full name (10 a page)',
    query: profileSearchQuerySchema,
    status: 200,
    response: profileSearchResultsSchema,
  },
});

/** One's own account where Better Auth does not cover it (mounted by modules/accounts/account-routes.ts). */
export const ownAccountApi = defineRoutes({
  deleteAccount: {
    authz: signedIn,
    method: 'post',
    path: '/accounts/delete',
    access: 'user',
    tags,
    summary: 'Delete the signed-in account and all its data (type DELETE to confirm)',
    body: deleteAccountSchema,
    status: 200,
    response: ok,
  },
});
