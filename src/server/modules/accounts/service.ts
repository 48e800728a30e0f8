import { desc, eq, inArray } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import type { z } from 'zod';
import { type signUpSchema, type UsernameAvailability, usernameProblems } from '../../../shared/accounts';
import type { SessionView } from '../../../shared/session';
import { profileUsernameProblems } from '../../../shared/settings';
import { batchedRead } from '../../db/batch';
import type { AppDeps } from '../../deps';
import type { AuthedUser, RequestLogger } from '../../http/context';
import { blockedEmails, user, verification } from '../../db/schema';
import { AppError, errors } from '../../http/errors';
import { removeUserFiles } from '../../integrations/storage';
import { deleteUserExports } from '../data-export/jobs';
import { computeAccess } from './access';
import { recordOfUser, sessionRecordOf } from './session';

export const EMAIL_EXISTS_MESSAGE = 'An account with this email address already exists. Please sign in instead.';
export const USERNAME_TAKEN_MESSAGE = 'Username is already taken';

/**
 * Who holds each username asked in one event-loop turn, in one statement (decision 022): the sign-up
 * and profile forms ask as the name is typed. Usernames are kept in lower case, unique.
 */
const loadUsernameOwner = batchedRead<string, string | null>(
  async (db, names) => {
    const rows = await db.select({ id: user.id, username: user.username }).from(user).where(inArray(user.username, names));
    return new Map(rows.map((r) => [r.username!, r.id]));
  },
  () => null,
);

export async function isUsernameTaken(deps: AppDeps, name: string, exceptUserId?: string): Promise<boolean> {
  const owner = await loadUsernameOwner(deps.database.db, name.toLowerCase());
  return owner !== null && owner !== exceptUserId;
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

/**
 * The newest verification value of each identifier asked in one event-loop turn, in one statement
 * (decision 022), as Better Auth's findVerificationValue reads it (identifiers are stored plain:
 * auth.ts sets no storeIdentifier). The reset page asks on every load.
 */
const loadVerificationExpiry = batchedRead<string, Date | null>(
  async (db, identifiers) => {
    const rows = await db
      .selectDistinctOn([verification.identifier], { identifier: verification.identifier, expiresAt: verification.expiresAt })
      .from(verification)
      .where(inArray(verification.identifier, identifiers))
      .orderBy(verification.identifier, desc(verification.createdAt));
    return new Map(rows.map((r) => [r.identifier, r.expiresAt]));
  },
  () => null,
);

/** Is a password-reset token still unused and unexpired? (Better Auth keeps it as a verification value.) */
export async function isResetTokenValid(deps: AppDeps, token: string): Promise<boolean> {
  const expiresAt = await loadVerificationExpiry(deps.database.db, `reset-password:${token}`);
  return !!expiresAt && expiresAt > new Date();
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
