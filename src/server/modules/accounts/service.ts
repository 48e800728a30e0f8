import { and, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { z } from 'zod';
import { type profileSearchResultSchema, type signUpSchema, type UsernameAvailability, usernameProblems } from '../../../shared/accounts';
import type { SessionView } from '../../../shared/session';
import { profileUsernameProblems } from '../../../shared/settings';
import type { AppDeps } from '../../deps';
import type { AuthedUser, RequestLogger } from '../../http/context';
import { blockedEmails, profiles, user } from '../../db/schema';
import { AppError, errors } from '../../http/errors';
import { removeUserFiles } from '../../integrations/storage';
import { deleteUserExports } from '../data-export/jobs';
import { blockedPeopleOf } from '../safety/service';
import { computeAccess } from './access';
import { recordOfUser, sessionRecordOf } from './session';

export const EMAIL_EXISTS_MESSAGE = 'An account with this email address already exists. Please sign in instead.';
export const USERNAME_TAKEN_MESSAGE = 'Username is already taken';

export async function isUsernameTaken(deps: AppDeps, name: string, exceptUserId?: string): Promise<boolean> {
  const rows = await deps.database.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.username, name.toLowerCase()), exceptUserId ? ne(user.id, exceptUserId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether a username may be taken, under the sign-up rules or the settings profile form's. The
 * name is looked up only when it passes the rules; the caller's own name counts as free (`me` is
 * asked only then, so a plain check reads no session).
 */
export async function usernameAvailability(deps: AppDeps, name: string, form: 'sign-up' | 'profile', me: () => Promise<string | undefined>): Promise<UsernameAvailability> {
  const problems = form === 'profile' ? profileUsernameProblems(name) : usernameProblems(name);
  if (problems.length) return { available: false, problems };
  return { available: !(await isUsernameTaken(deps, name, await me())), problems: [] };
}

/** Is a password-reset token still unused and unexpired? (Better Auth keeps it as a verification value.) */
export async function isResetTokenValid(deps: AppDeps, token: string): Promise<boolean> {
  const ctx = await deps.auth.$context;
  const found = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return !!found && found.expiresAt > new Date();
}

/**
 * Deletes an account: sessions, profile, lists and everything else owned by the user go with the
 * user row (ON DELETE CASCADE); their uploaded pictures after it, so a storage failure never keeps
 * the account.
 */
export async function deleteAccount(deps: AppDeps, userId: string, logger: RequestLogger) {
  await deleteUserExports(deps, userId).catch((err: unknown) => logger.warn({ err, userId }, 'could not delete the data exports of a deleted account'));
  await deps.database.db.delete(user).where(eq(user.id, userId));
  await removeUserFiles(deps.storage, userId).catch((err: unknown) => logger.warn({ err, userId }, 'could not delete the uploads of a deleted account'));
  logger.info({ userId }, 'account deleted');
}

export async function signUp(deps: AppDeps, input: z.output<typeof signUpSchema>, headers: Headers) {
  const { db } = deps.database;
  const [blocked] = await db.select({ email: blockedEmails.email }).from(blockedEmails).where(eq(blockedEmails.email, input.email));
  if (blocked) throw new AppError(403, 'email_blocked', 'This email address cannot be used to create an account. Contact support if you think this is a mistake.');
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email));
  if (existing) throw errors.conflict('email_already_exists', EMAIL_EXISTS_MESSAGE);
  if (await isUsernameTaken(deps, input.username)) throw errors.conflict('username_taken', USERNAME_TAKEN_MESSAGE);
  try {
    await deps.auth.api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: input.fullName || input.username,
        username: input.username.toLowerCase(),
        displayUsername: input.username,
        callbackURL: '/discover#type=signup',
      },
      headers,
    });
  } catch (error) {
    // Two sign-ups racing for the same address or name: the unique constraints decide, and the
    // loser gets the same answer as if it had come second.
    const [byEmail] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email));
    if (byEmail) throw errors.conflict('email_already_exists', EMAIL_EXISTS_MESSAGE);
    if (await isUsernameTaken(deps, input.username)) throw errors.conflict('username_taken', USERNAME_TAKEN_MESSAGE);
    if (error instanceof APIError) throw errors.badRequest(error.message);
    throw error;
  }
}

/**
 * GET /api/session: from the record the request's session was resolved from (no query; usually
 * from the session cache), else one query by id (a session Better Auth has just extended).
 */
export async function sessionView(deps: AppDeps, authed: AuthedUser | null): Promise<SessionView> {
  if (!authed) return { user: null, access: null };
  const record = sessionRecordOf(authed) ?? (await recordOfUser(deps, authed.id));
  if (!record) return { user: null, access: null };
  const u = record.user;
  const access = computeAccess({
    email: u.email,
    ownerEmail: deps.config.auth.ownerEmail,
    isAdmin: record.isAdmin,
    foundingMember: record.foundingMember,
    subscription: record.subscription,
  });
  return {
    user: {
      id: u.id,
      email: u.email,
      emailVerified: u.emailVerified,
      username: u.username,
      fullName: record.fullName,
      avatarUrl: record.avatarUrl,
      createdAt: record.createdAt.toISOString(),
      foundingNumber: record.foundingNumber,
    },
    access,
  };
}

/**
 * Case-insensitive substring on username or full name, 10 a page; verified, unbanned users only.
 * A signed-in searcher finds nobody they blocked or who blocked them (ruling 28).
 */
export async function searchProfiles(
  deps: AppDeps,
  q: string,
  page = 1,
  viewerId: string | null = null,
): Promise<{ results: z.output<typeof profileSearchResultSchema>[]; hasMore: boolean }> {
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  // One more than a page: whether there is a next page, without counting every match.
  const rows = await deps.database.db
    .select({ id: user.id, username: sql<string>`coalesce(${user.displayUsername}, ${user.username})`, fullName: profiles.fullName, avatarUrl: profiles.avatarUrl })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(
      and(
        eq(user.emailVerified, true),
        eq(profiles.isBanned, false),
        or(ilike(user.username, pattern), ilike(profiles.fullName, pattern)),
        viewerId ? sql`${user.id} NOT IN ${blockedPeopleOf(viewerId)}` : undefined,
      ),
    )
    .orderBy(user.username, user.id)
    .limit(PROFILE_SEARCH_PAGE + 1)
    .offset((page - 1) * PROFILE_SEARCH_PAGE);
  return { results: rows.slice(0, PROFILE_SEARCH_PAGE), hasMore: rows.length > PROFILE_SEARCH_PAGE };
}

/** Spec 000 §5: user search shows 10 results (a page, here). */
const PROFILE_SEARCH_PAGE = 10;
