import DataLoader from 'dataloader';
import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { follows, profiles, session, user, userBlocks, userMutes, userRoles } from '../../db/schema';

/**
 * The profile view's read: the profile row and what one viewer is to it, for many requests in one
 * statement (decision 010).
 */

// Only the columns the view reads: every column costs on every execution.
const { foundingNumber: _n, banReason: _r, createdAt: _c, updatedAt: _u, ...viewColumns } = getTableColumns(profiles);

/** A row's values as PostgreSQL's json gives them: timestamps become ISO strings. */
type AsJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

export type ProfileView = AsJson<{ [K in keyof typeof viewColumns]: (typeof profiles.$inferSelect)[K] }>;

/** What the viewer is to the profile, with the viewer's session when it was given by token. */
export interface ViewerView {
  username: string | null;
  displayUsername: string | null;
  userCreatedAt: string;
  viewerFollows: boolean;
  viewerIsAdmin: boolean;
  /** The profile's owner blocked the viewer: the viewer finds no such profile (ruling 28). */
  blockedByOwner: boolean;
  viewerBlocks: boolean;
  viewerMutes: boolean;
  /** With the viewer given by session token: that session's user, expiry and ban flag (null: no such session). */
  sessionUserId: string | null;
  sessionExpiresAt: string | null;
  sessionBanned: boolean;
}

export interface ViewRow {
  profile: ProfileView;
  viewer: ViewerView;
}

/** One profile lookup: the profile by id or username, seen by a user id or by a session token (or a guest: both null). */
export interface Lookup {
  by: 'id' | 'username';
  key: string;
  viewer: string | null;
  token: string | null;
}

const viewerSession = alias(session, 'viewer_session');
const viewerProfile = alias(profiles, 'viewer_profile');

/**
 * A json object of the given expressions under their names. The row comes back as one json value,
 * which the driver parses natively: read as some 40 columns, describing, parsing and mapping them
 * was the largest part of the view's CPU in the server.
 */
function jsonObject(fields: Record<string, SQL | (typeof viewColumns)[keyof typeof viewColumns]>): SQL {
  const pairs = Object.entries(fields);
  // json_build_object takes at most 100 arguments.
  if (pairs.length > 50) throw new Error(`jsonObject: ${pairs.length} fields, at most 50`);
  // The names are this module's own identifiers, never input.
  return sql`json_build_object(${sql.join(
    pairs.map(([name, value]) => sql`${sql.raw(`'${name}'`)}, ${value}`),
    sql`, `,
  )})`;
}

/**
 * The rows of many lookups in one statement: the lookups arrive as parallel arrays, unnested with
 * their position (req.n), and each is read by its own lateral subquery: its profile and, for a
 * token, the session's user, expiry and ban flag (judged by accounts/session.ts before the viewer
 * flags are trusted). The viewer is the session's user, else the given user id, else nobody.
 */
function selectRows(db: Database, by: Lookup['by']) {
  const lookups = sql`unnest(${sql.placeholder('keys')}::text[], ${sql.placeholder('viewers')}::text[], ${sql.placeholder('tokens')}::text[]) with ordinality as req(key, viewer_id, token, n)`;
  const viewer = sql`coalesce(${viewerSession.userId}, req.viewer_id)`;
  // A lateral subquery per lookup, so that PostgreSQL reads each by index whatever the batch size:
  // joined flat, it planned a hash join over every user and every follow. LIMIT 1 (a key names one
  // user) also keeps the planner from flattening it back into one join.
  const view = db
    .select({
      profile: sql<ProfileView>`${jsonObject(viewColumns)}`.as('profile_json'),
      viewer: sql<ViewerView>`${jsonObject({
        username: sql`${user.username}`,
        displayUsername: sql`${user.displayUsername}`,
        userCreatedAt: sql`${user.createdAt}`,
        viewerFollows: sql`exists(select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.followingId} = ${user.id})`,
        viewerIsAdmin: sql`exists(select 1 from ${userRoles} where ${userRoles.userId} = ${viewer} and ${userRoles.role} = 'admin')`,
        // Block and mute (issue 20): a probe of each table's primary key, in this same statement.
        blockedByOwner: sql`exists(select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${user.id} and ${userBlocks.blockedId} = ${viewer})`,
        viewerBlocks: sql`exists(select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewer} and ${userBlocks.blockedId} = ${user.id})`,
        viewerMutes: sql`exists(select 1 from ${userMutes} where ${userMutes.muterId} = ${viewer} and ${userMutes.mutedId} = ${user.id})`,
        sessionUserId: sql`${viewerSession.userId}`,
        sessionExpiresAt: sql`${viewerSession.expiresAt}`,
        sessionBanned: sql`coalesce(${viewerProfile.isBanned}, false)`,
      })}`.as('viewer_json'),
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(viewerSession, eq(viewerSession.token, sql`req.token`))
    .leftJoin(viewerProfile, eq(viewerProfile.id, viewerSession.userId))
    .where(and(by === 'id' ? eq(user.id, sql`req.key`) : eq(user.username, sql`req.key`), eq(user.emailVerified, true)))
    .limit(1)
    .as('view');
  return db
    .select({ n: sql<number>`req.n`.mapWith(Number), profile: view.profile, viewer: view.viewer })
    .from(lookups)
    .crossJoinLateral(view)
    .prepare(`profile_views_by_${by}`);
}

/**
 * Profile views are read in batches: the lookups of all requests that arrive in one turn of the
 * event loop (setImmediate runs after the poll phase has taken every ready socket) go to the
 * database as one statement. Under load this is one round trip for many requests, where a round
 * trip each (a write to the socket, a wake-up of a backend, a row description to parse) was most
 * of the CPU a profile view cost. Nothing is cached: every request still reads the database after
 * it arrived, so a sign-out, a ban or a privacy switch shows on the very next request.
 */
function createLoader(db: Database) {
  const statements = { id: selectRows(db, 'id'), username: selectRows(db, 'username') };
  return new DataLoader<Lookup, ViewRow | null>(
    async (batch) => {
      const rows: (ViewRow | null)[] = batch.map(() => null);
      const runs = (['id', 'username'] as const).map(async (by) => {
        // Identical lookups (the same profile for the same viewer or session, e.g. guests on a
        // popular profile, or one user's tabs) are read once and their row shared.
        const unique = new Map<string, { lookup: Lookup; at: number[] }>();
        batch.forEach((lookup, at) => {
          if (lookup.by !== by) return;
          const id = `${lookup.key}\u0000${lookup.viewer ?? ''}\u0000${lookup.token ?? ''}`;
          const seen = unique.get(id);
          if (seen) seen.at.push(at);
          else unique.set(id, { lookup, at: [at] });
        });
        if (unique.size === 0) return;
        const group = [...unique.values()];
        const found = await statements[by].execute({
          keys: group.map((g) => g.lookup.key),
          viewers: group.map((g) => g.lookup.viewer),
          tokens: group.map((g) => g.lookup.token),
        });
        // req.n is the 1-based position of the lookup in the group.
        for (const row of found) for (const at of group[row.n - 1]!.at) rows[at] = row;
      });
      await Promise.all(runs);
      return rows;
    },
    { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: 100 },
  );
}

// One per database, built once: building the query cost more than running it, and PostgreSQL keeps
// the plan of a prepared statement per connection.
const loaders = new WeakMap<Database, ReturnType<typeof createLoader>>();

/** The profile (with its kept list counts) and what the viewer (a user id, or a session token) is to it. */
export function loadViewRow(db: Database, where: { id?: string; username?: string }, viewer: { id: string | null } | { token: string }): Promise<ViewRow | null> {
  let loader = loaders.get(db);
  if (!loader) loaders.set(db, (loader = createLoader(db)));
  return loader.load({
    by: where.id ? 'id' : 'username',
    key: where.id ?? where.username!.toLowerCase(),
    viewer: 'token' in viewer ? null : viewer.id,
    token: 'token' in viewer ? viewer.token : null,
  });
}
