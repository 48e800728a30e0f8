/**
 * Who may do what, route by route (issue 19's authorization matrix). Every contract carries an
 * `authz`: the answer each kind of caller must get, and, where the route's path names objects,
 * whose objects they are. `server/http/authz-matrix.api.test.ts` calls every route as each caller
 * with the ids of the owner's objects and fails on any answer other than the one written here; a
 * route without one does not typecheck. `access` says which guard runs; `authz` says what the
 * route as a whole (guard, owner checks in the service, visibility rules) must answer.
 */

/** The callers the matrix tries. */
export type Role =
  /** No session. */
  | 'visitor'
  /** The signed-in user whose objects the path names (a premium user: on a trial). */
  | 'owner'
  /** Another signed-in user (free), with the owner's ids. */
  | 'other'
  /** A user banned by an admin, with a session that was live when the ban came. */
  | 'banned'
  /** A signed-in admin, with the owner's ids. */
  | 'admin';

/**
 * The order the matrix calls them in. The admin comes last: an admin's success (a ban, a cancelled
 * subscription) changes the owner for good, and would otherwise stand in for the owner's answer.
 */
export const ROLES: readonly Role[] = ['visitor', 'banned', 'other', 'owner', 'admin'];

/** What a caller gets: any 2xx (`ok`), or this error status. */
export type Outcome = 'ok' | 400 | 401 | 403 | 404 | 409;

/**
 * The object a route's path parameters name, made for each call by the matrix and owned by the
 * owner: `user` is the owner themself (their id or username), `subscriber` the owner with a paid
 * plan, the others are the owner's thread, reply, notification, favorite and so on. Routes whose path names no one's object have none.
 */
export type Subject =
  | 'user'
  | 'subscriber'
  | 'upload'
  | 'title'
  | 'favorite'
  | 'watchlisted'
  | 'forum'
  | 'thread'
  | 'reply'
  | 'notification'
  | 'session'
  | 'passkey'
  | 'checkout'
  | 'userReport'
  | 'postReport'
  | 'supportMessage'
  | 'blockedEmail'
  | 'mail'
  | 'unsubscribe'
  | 'dataExport'
  | 'importJob';

export interface Authz {
  subject?: Subject;
  expect: Readonly<Record<Role, Outcome>>;
}

const all = (outcome: Outcome): Record<Role, Outcome> => ({ visitor: outcome, owner: outcome, other: outcome, banned: outcome, admin: outcome });

/** Anyone, signed in or not, banned or not: the same public answer (a banned user's session counts for nothing). */
export const anyone = (subject?: Subject): Authz => ({ subject, expect: all('ok') });

/** Any signed-in user, about their own account (no one else's object in the path). */
export const signedIn: Authz = { expect: { ...all('ok'), visitor: 401, banned: 401 } };

/** Premium users only: the owner is on a trial, the other user is free. */
export const premiumOnly = (subject?: Subject): Authz => ({ subject, expect: { ...all('ok'), visitor: 401, banned: 401, other: 403 } });

/** Admins only; everyone else is refused whatever the ids. */
export const adminOnly = (subject?: Subject): Authz => ({ subject, expect: { visitor: 401, banned: 401, owner: 403, other: 403, admin: 'ok' } });

/**
 * The owner's own object: another user, an admin included, is answered as if it did not exist
 * (404), so that a guessed id tells nothing. Moderation of others' posts is the admin area's.
 */
export const ownerOnly = (subject: Subject): Authz => ({ subject, expect: { visitor: 401, banned: 401, owner: 'ok', other: 404, admin: 404 } });

/**
 * A post in a forum every signed-in user reads: another user is refused (403, the post is no
 * secret); `admin` says whether an admin may do it anyway (delete: moderation; edit: never).
 */
export const authorOnly = (subject: Subject, admin: Outcome): Authz => ({ subject, expect: { visitor: 401, banned: 401, owner: 'ok', other: 403, admin } });

/** Any signed-in user may read or act on the owner's object (a thread, a profile): shared, not owned. */
export const signedInOn = (subject: Subject, changes: Partial<Record<Role, Outcome>> = {}): Authz => ({
  subject,
  expect: { ...all('ok'), visitor: 401, banned: 401, ...changes },
});

/** A rule written out, for the routes that fit no pattern above. */
export const rule = (subject: Subject | undefined, expect: Record<Role, Outcome>): Authz => ({ subject, expect });
