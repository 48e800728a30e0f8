import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, ADMIN_TEXT, type AdminUser, type AdminUserFilter, ADMIN_USER_FILTERS, MANUAL_BLOCK_REASON } from '../../../shared/admin';
import type { AppDeps } from '../../deps';
import { preparedPerDatabase, sharedRead } from '../../db/batch';
import type { Database } from '../../db/client';
import { blockedEmails, profiles, session, subscriptions, user, userRoles } from '../../db/schema';
import { errors } from '../../http/errors';
import { cancelSubscription } from '../billing/service';
import { type Actor, recordAction } from './audit';

const isAdminSql = sql<boolean>`exists(select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = 'admin')`;
const blockedSql = sql<boolean>`exists(select 1 from ${blockedEmails} where ${blockedEmails.email} = lower(${user.email}))`;

/** The owner's address (OWNER_EMAIL, '' without one): a parameter of every prepared statement here. */
const OWNER = sql.placeholder('owner');

/** Ruling 4 in SQL, for the premium filter and the list's flag (accounts/access.ts computeAccess is the same rule). */
const premiumSql = sql<boolean>`(coalesce(${subscriptions.subscribed} and (${subscriptions.subscriptionEnd} is null or ${subscriptions.subscriptionEnd} > now()), false)
    or coalesce(${subscriptions.subscriptionTier} = 'trial' and ${subscriptions.trialEnd} > now(), false)
    or ${profiles.foundingMember} or ${isAdminSql} or lower(${user.email}) = ${OWNER}::text)`;

function columns() {
  return {
    id: user.id,
    username: sql<string>`coalesce(${user.displayUsername}, ${user.username}, '')`,
    email: user.email,
    createdAt: user.createdAt,
    foundingMember: profiles.foundingMember,
    isBanned: profiles.isBanned,
    banReason: profiles.banReason,
    isAdmin: isAdminSql.mapWith(Boolean),
    isPremium: premiumSql.mapWith(Boolean),
    emailBlocked: blockedSql.mapWith(Boolean),
    hasSubscription: sql<boolean>`coalesce(${subscriptions.subscribed} and ${subscriptions.providerSubscriptionId} is not null, false)`.mapWith(Boolean),
  };
}

type Row = {
  id: string;
  username: string;
  email: string;
  createdAt: Date;
  foundingMember: boolean;
  isBanned: boolean;
  banReason: string | null;
  isAdmin: boolean;
  isPremium: boolean;
  emailBlocked: boolean;
  hasSubscription: boolean;
};
const toView = (r: Row): AdminUser => ({ ...r, createdAt: r.createdAt.toISOString() });

function filterSql(filter: AdminUserFilter): SQL | undefined {
  switch (filter) {
    case 'premium':
      return premiumSql;
    case 'founding':
      return eq(profiles.foundingMember, true);
    case 'banned':
      return eq(profiles.isBanned, true);
    case 'admins':
      return isAdminSql;
    default:
      return undefined;
  }
}

/** Matches `pattern` (NULL: no search) against the username, the full name or the address. */
const PATTERN = sql.placeholder('pattern');
const searchSql = sql`(${PATTERN}::text is null or ${user.username} ilike ${PATTERN}::text or ${profiles.fullName} ilike ${PATTERN}::text or ${user.email} ilike ${PATTERN}::text)`;

/**
 * The list's statements, one page and one count per filter, and the one user by id: prepared once
 * per database (decision 022) instead of built and planned on every request.
 */
const statementsOf = preparedPerDatabase((db: Database) => {
  const base = () => db.select(columns()).from(user).innerJoin(profiles, eq(profiles.id, user.id)).leftJoin(subscriptions, eq(subscriptions.userId, user.id));
  const perFilter = ADMIN_USER_FILTERS.map((filter) => {
    const where = and(searchSql, filterSql(filter));
    return [
      filter,
      {
        page: base().where(where).orderBy(desc(user.createdAt), desc(user.id)).limit(ADMIN_PAGE_SIZE).offset(sql.placeholder('offset')).prepare(`admin_users_${filter}`),
        total: db
          .select({ n: count() })
          .from(user)
          .innerJoin(profiles, eq(profiles.id, user.id))
          .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
          .where(where)
          .prepare(`admin_users_${filter}_total`),
      },
    ] as const;
  });
  return {
    lists: new Map(perFilter),
    byId: base()
      .where(eq(user.id, sql.placeholder('id')))
      .prepare('admin_user_by_id'),
  };
});

type ListKey = [q: string | null, filter: AdminUserFilter, page: number, owner: string];

/** Every admin asking for the same list page at the same moment shares one read. */
const readList = sharedRead(async (db, key: string) => {
  const [q, filter, page, owner] = JSON.parse(key) as ListKey;
  const list = statementsOf(db).lists.get(filter)!;
  const pattern = q ? `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const [rows, [total]] = await Promise.all([list.page.execute({ pattern, owner, offset: (page - 1) * ADMIN_PAGE_SIZE }), list.total.execute({ pattern, owner })]);
  return { users: rows.map(toView), total: total?.n ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
});

/** The user list (spec 000 §7 admin list): newest first, by username, name or e-mail, a page at a time. */
export function listUsers(deps: AppDeps, input: { q?: string; filter: AdminUserFilter; page: number }) {
  const key: ListKey = [input.q || null, input.filter, input.page, deps.config.auth.ownerEmail ?? ''];
  return readList(deps.database.db, JSON.stringify(key));
}

export async function adminUserById(deps: AppDeps, db: Database, id: string): Promise<AdminUser> {
  const [row] = await statementsOf(db).byId.execute({ id, owner: deps.config.auth.ownerEmail ?? '' });
  if (!row) throw errors.notFound('User not found.');
  return toView(row);
}

/**
 * Bans a user (ruling 27: never oneself, never an admin). The flag refuses new sessions and any
 * leftover one (auth.ts, session.ts); the sessions are deleted in the same transaction, and the
 * triggers' access signals empty every instance's session cache, so every open tab is signed out
 * on its next request (decision 013). Audited in the same transaction.
 */
export async function banUserAsAdmin(db: Database, actor: Actor & { id: string }, targetId: string, reason: string) {
  await db.transaction((tx: Database) => banInTransaction(tx, actor, targetId, reason));
}

/** The ban itself, inside the caller's transaction (a ban from a report resolves it in the same one). */
export async function banInTransaction(tx: Database, actor: Actor & { id: string }, targetId: string, reason: string) {
  if (targetId === actor.id) throw errors.forbidden(ADMIN_TEXT.notSelf);
  // Locks the row: a concurrent grant of the role waits, so an admin is never banned in a race.
  const [target] = await tx
    .select({ id: user.id, username: user.username, isAdmin: isAdminSql.mapWith(Boolean) })
    .from(user)
    .where(eq(user.id, targetId))
    .for('update');
  if (!target) throw errors.notFound('User not found.');
  if (target.isAdmin) throw errors.forbidden(ADMIN_TEXT.notAdmin);
  await tx.update(profiles).set({ isBanned: true, banReason: reason, updatedAt: new Date() }).where(eq(profiles.id, targetId));
  await tx.delete(session).where(eq(session.userId, targetId));
  await recordAction(tx, actor, 'ban', { userId: targetId, label: target.username ?? targetId }, reason);
}

export async function unbanUserAsAdmin(db: Database, actor: Actor, targetId: string) {
  await db.transaction(async (tx: Database) => {
    const [target] = await tx.select({ username: user.username }).from(user).where(eq(user.id, targetId));
    if (!target) throw errors.notFound('User not found.');
    await tx.update(profiles).set({ isBanned: false, banReason: null, updatedAt: new Date() }).where(eq(profiles.id, targetId));
    await recordAction(tx, actor, 'unban', { userId: targetId, label: target.username ?? targetId });
  });
}

/**
 * Ends the user's paid subscription now through the billing module (the same event handler as a
 * provider's cancellation, so premium ends on the next request everywhere), then audits it. The
 * billing change commits first: an audit entry never claims a cancellation that did not happen.
 */
export async function cancelSubscriptionAsAdmin(deps: AppDeps, actor: Actor, targetId: string) {
  const db = deps.database.db;
  const [target] = await db.select({ username: user.username }).from(user).where(eq(user.id, targetId));
  if (!target) throw errors.notFound('User not found.');
  if (!(await cancelSubscription(deps, targetId, { by: actor.id ?? actor.name }))) throw errors.conflict('no_subscription', ADMIN_TEXT.noSubscription);
  await recordAction(db, actor, 'cancel_subscription', { userId: targetId, label: target.username ?? targetId });
}

/** Adds the address to blocked_emails (sign-up refuses it: accounts/service.ts). Blocking twice keeps one row. */
export async function blockEmail(db: Database, actor: Actor, email: string) {
  await db.transaction(async (tx: Database) => {
    const rows = await tx.insert(blockedEmails).values({ email, reason: MANUAL_BLOCK_REASON }).onConflictDoNothing().returning({ email: blockedEmails.email });
    if (rows.length) {
      const [owner] = await tx
        .select({ id: user.id })
        .from(user)
        .where(eq(sql`lower(${user.email})`, email));
      await recordAction(tx, actor, 'block_email', { userId: owner?.id, label: email }, MANUAL_BLOCK_REASON);
    }
  });
}

export async function unblockEmail(db: Database, actor: Actor, email: string) {
  const address = email.trim().toLowerCase();
  await db.transaction(async (tx: Database) => {
    const rows = await tx.delete(blockedEmails).where(eq(blockedEmails.email, address)).returning({ email: blockedEmails.email });
    if (rows.length === 0) throw errors.notFound('This email address is not blocked.');
    const [owner] = await tx
      .select({ id: user.id })
      .from(user)
      .where(eq(sql`lower(${user.email})`, address));
    await recordAction(tx, actor, 'unblock_email', { userId: owner?.id, label: address });
  });
}
