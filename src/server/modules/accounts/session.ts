import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { profiles, session, subscriptions, user, userRoles } from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import type { Auth } from './auth';
import type { SessionRecord } from './session-cache';

/**
 * Who is signed in, for our own routes, in one prepared query (decision 009).
 *
 * Better Auth's getSession costs a dozen layers per call (its endpoint context, Web Crypto through
 * the thread pool, an adapter query built anew each time); under load that was most of a signed-in
 * request. This reads the same cookie the same way, then session + user + profile in one round
 * trip. What it finds is kept for a short time in the session cache (session-cache.ts, decision
 * 013), which access signals empty at once on every instance: a sign-out, a deleted session or a
 * ban ends access on the next request all the same.
 *
 * The rare cases where Better Auth writes go to Better Auth itself: an expired session (it deletes
 * the row) and a session due for its daily extension (it moves expires_at). Its own endpoints
 * (/api/auth/*) are untouched.
 */

/** What Better Auth's context says about its cookie (the name carries __Secure- in production). */
export interface CookieSetup {
  name: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const setups = new WeakMap<Auth, Promise<CookieSetup>>();

function cookieSetup(auth: Auth): Promise<CookieSetup> {
  let setup = setups.get(auth);
  if (!setup) {
    setup = auth.$context.then((ctx) => ({
      name: ctx.authCookies.sessionToken.name,
      secret: ctx.secret,
      expiresInMs: ctx.sessionConfig.expiresIn * 1000,
      updateAgeMs: ctx.sessionConfig.updateAge * 1000,
    }));
    setups.set(auth, setup);
  }
  return setup;
}

/** The value of one cookie as Better Auth reads it: first occurrence, trimmed, unquoted, URI-decoded. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The session token inside a signed cookie value `token.signature`, where the signature is the
 * base64 HMAC-SHA256 of the token with the auth secret (better-call's signCookieValue); null when
 * the signature does not match.
 */
export function verifySignedToken(value: string, secret: string): string | null {
  const known = verified.get(value);
  if (known !== undefined && known.secret === secret) return known.token;
  const token = checkSignature(value, secret);
  if (token !== null) {
    // Bounded: the oldest entry goes first (a Map iterates in insertion order).
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(value, { token, secret });
  }
  return token;
}

/**
 * Cookie values whose signature was found good, with their token. Checking the HMAC was the
 * largest single cost of a signed-in profile view; the result depends only on the value and the
 * secret, so it is remembered. This says nothing about the session, which is read from the
 * database on every request: a signed-out or banned session is refused at once all the same.
 * Only good signatures are kept, so made-up cookies cannot fill it.
 */
const verified = new Map<string, { token: string; secret: string }>();
const VERIFIED_MAX = 10_000;

function checkSignature(value: string, secret: string): string | null {
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(token).digest('base64');
  return timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? token : null;
}

/** One row per session: the user, what GET /api/session shows, the ban and the inputs of the access flags. */
function recordColumns() {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    username: user.username,
    name: user.name,
    createdAt: user.createdAt,
    isBanned: sql<boolean>`coalesce(${profiles.isBanned}, false)`.mapWith(Boolean),
    banReason: profiles.banReason,
    fullName: profiles.fullName,
    avatarUrl: profiles.avatarUrl,
    foundingMember: sql<boolean>`coalesce(${profiles.foundingMember}, false)`.mapWith(Boolean),
    foundingNumber: profiles.foundingNumber,
    isAdmin: sql<boolean>`exists(select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = 'admin')`.mapWith(Boolean),
    subscribed: subscriptions.subscribed,
    subscriptionTier: subscriptions.subscriptionTier,
    subscriptionEnd: subscriptions.subscriptionEnd,
    trialEnd: subscriptions.trialEnd,
  };
}

function selectSession(db: Database) {
  return db
    .select({ ...recordColumns(), expiresAt: session.expiresAt })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(profiles, eq(profiles.id, session.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('session_by_token');
}

function selectUser(db: Database) {
  return db
    .select(recordColumns())
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .where(eq(user.id, sql.placeholder('id')))
    .prepare('session_user_by_id');
}

type SessionRow = Awaited<ReturnType<ReturnType<typeof selectSession>['execute']>>[number];
type UserRow = Omit<SessionRow, 'expiresAt'>;

const statementsOf = preparedPerDatabase((db) => ({ byToken: selectSession(db), byUser: selectUser(db) }));

async function sessionRow(deps: AppDeps, token: string): Promise<SessionRow | null> {
  const [row] = await statementsOf(deps.database.db).byToken.execute({ token });
  return row ?? null;
}

/** The same record for a user, by id (a session Better Auth just extended; one query). */
export async function recordOfUser(deps: AppDeps, userId: string, expiresAt = new Date(0)): Promise<SessionRecord | null> {
  const [row] = await statementsOf(deps.database.db).byUser.execute({ id: userId });
  return row ? toRecord(row, expiresAt) : null;
}

function toRecord(row: UserRow, expiresAt: Date): SessionRecord {
  const authed: AuthedUser = { id: row.id, email: row.email, emailVerified: row.emailVerified, username: row.username ?? '', name: row.name };
  const record: SessionRecord = {
    user: authed,
    expiresAt,
    isBanned: row.isBanned,
    createdAt: row.createdAt,
    fullName: row.fullName,
    avatarUrl: row.avatarUrl,
    foundingMember: row.foundingMember,
    foundingNumber: row.foundingNumber,
    isAdmin: row.isAdmin,
    subscription:
      row.subscribed === null || row.subscriptionTier === null
        ? null
        : { subscribed: row.subscribed, subscriptionTier: row.subscriptionTier, subscriptionEnd: row.subscriptionEnd, trialEnd: row.trialEnd },
  };
  records.set(authed, record);
  return record;
}

/**
 * The record a signed-in user of this request was resolved from (GET /api/session reads it instead
 * of querying again); undefined when Better Auth resolved the session.
 */
export function sessionRecordOf(authed: AuthedUser): SessionRecord | undefined {
  return records.get(authed);
}
const records = new WeakMap<AuthedUser, SessionRecord>();

/** Better Auth's own lookup, for the cases where it writes (expiry cleanup, the daily extension). */
async function viaBetterAuth(deps: AppDeps, headers: Pick<Headers, 'get'>): Promise<AuthedUser | null> {
  // Better Auth reads only the cookie here; the front door (decision 010) passes a reader, not Headers.
  const full = headers instanceof Headers ? headers : new Headers({ cookie: headers.get('cookie') ?? '' });
  const result = await deps.auth.api.getSession({ headers: full, query: { disableCookieCache: true } });
  if (!result) return null;
  const u = result.user as typeof result.user & { username?: string | null };
  const [profile] = await deps.database.db.select({ isBanned: profiles.isBanned }).from(profiles).where(eq(profiles.id, u.id));
  if (profile?.isBanned) return null;
  return { id: u.id, email: u.email, emailVerified: u.emailVerified, username: u.username ?? '', name: u.name };
}

/** The session token of a request whose cookie carries a valid signature, with Better Auth's cookie setup. */
export async function signedSessionToken(deps: AppDeps, headers: Pick<Headers, 'get'>): Promise<{ token: string; setup: CookieSetup } | null> {
  const setup = await cookieSetup(deps.auth);
  const signed = readCookie(headers.get('cookie'), setup.name);
  if (!signed) return null;
  const token = verifySignedToken(signed, setup.secret);
  return token ? { token, setup } : null;
}

/**
 * What a session row means: valid; refused (none, or the user is banned); or Better Auth must
 * answer because it writes (expired: it deletes the row; due for the daily extension: it moves
 * expires_at).
 */
export function judgeSession(row: { expiresAt: Date; isBanned: boolean } | null, setup: CookieSetup, now = Date.now()): 'valid' | 'refused' | 'better-auth' {
  if (!row) return 'refused';
  const expiresAt = row.expiresAt.getTime();
  // Better Auth extends a session once updateAge has passed since it was last extended.
  const dueForExtension = expiresAt - setup.expiresInMs + setup.updateAgeMs <= now;
  if (expiresAt < now || dueForExtension) return 'better-auth';
  return row.isBanned ? 'refused' : 'valid';
}

/** The signed-in user of a request, or null: no cookie, a bad signature, no such session, expired, banned. */
export async function resolveSession(deps: AppDeps, headers: Pick<Headers, 'get'>): Promise<AuthedUser | null> {
  const signed = await signedSessionToken(deps, headers);
  if (!signed) return null;
  // Usually no query at all (decision 013): only valid sessions are kept, and time is judged again.
  const cached = deps.sessions.get(signed.token);
  if (cached && judgeSession(cached, signed.setup) === 'valid') return cached.user;
  const mark = deps.sessions.mark();
  const row = await sessionRow(deps, signed.token);
  const verdict = judgeSession(row, signed.setup);
  if (verdict === 'better-auth') return viaBetterAuth(deps, headers);
  if (verdict === 'refused' || !row) return null;
  const record = toRecord(row, row.expiresAt);
  deps.sessions.put(signed.token, record, mark);
  return record.user;
}

/**
 * The ban of a request whose session belongs to a banned user, or null. Banning deletes the
 * user's sessions, but one made in a race with the ban (or restored) would still open Better
 * Auth's own routes, which know nothing of bans; auth-handler.ts asks this first.
 */
export async function bannedSession(deps: AppDeps, headers: Pick<Headers, 'get'>): Promise<{ reason: string | null; cookieName: string } | null> {
  const signed = await signedSessionToken(deps, headers);
  if (!signed) return null;
  const row = await sessionRow(deps, signed.token);
  return row?.isBanned ? { reason: row.banReason, cookieName: signed.setup.name } : null;
}
