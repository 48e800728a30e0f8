import Bowser from 'bowser';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { SESSION_TEXT, type SessionView } from '../../../shared/sessions';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { session } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';

/**
 * One's signed-in devices (issue 20, part 5). Ending a session deletes its row: the trigger of
 * decision 013 signals every instance, whose session caches drop it, so that device's next request
 * is refused wherever it lands, and its open event stream is closed at the hub's next session check
 * (realtime/hub.ts, SESSION_CHECK_MS).
 */

const DEVICES = new Set(['desktop', 'mobile', 'tablet']);

/** "Chrome 131" on "macOS", from a user agent; the version's major part only (the rest says nothing to people). */
export function describeAgent(userAgent: string | null): Pick<SessionView, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system', device: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const type = parsed.platform.type ?? '';
  return {
    browser: parsed.browser.name ? `${parsed.browser.name}${major ? ` ${major}` : ''}` : 'Unknown browser',
    os: parsed.os.name ?? 'Unknown system',
    device: DEVICES.has(type) ? (type as SessionView['device']) : 'unknown',
  };
}

/** Unexpired sessions of any number of users, most recently active first, in one prepared statement (decision 022). */
const selectSessions = (db: Database) =>
  db
    .select({ userId: session.userId, id: session.id, token: session.token, userAgent: session.userAgent, createdAt: session.createdAt, updatedAt: session.updatedAt })
    .from(session)
    .where(and(sql`${session.userId} = any(${sql.placeholder('users')}::text[])`, sql`${session.expiresAt} > ${sql.placeholder('now')}::timestamptz`))
    .orderBy(desc(session.updatedAt), desc(session.createdAt))
    .prepare('session_lists');
const sessionStatementOf = preparedPerDatabase(selectSessions);
type SessionRow = Awaited<ReturnType<ReturnType<typeof selectSessions>['execute']>>[number];

/** The rows of every request of an event-loop turn in one statement; nothing cached. */
const loadSessions = batchedRead<string, SessionRow[]>(
  async (db, users) => {
    const statement = sessionStatementOf(db);
    const lists = new Map<string, SessionRow[]>();
    for (const row of await statement.execute({ users, now: new Date().toISOString() })) lists.set(row.userId, [...(lists.get(row.userId) ?? []), row]);
    return lists;
  },
  () => [],
);

export async function listSessions(deps: AppDeps, userId: string, currentToken: string | null): Promise<SessionView[]> {
  const rows = await loadSessions(deps.database.db, userId);
  const views = rows.map((r) => ({
    id: r.id,
    ...describeAgent(r.userAgent),
    signedInAt: r.createdAt.toISOString(),
    lastActiveAt: r.updatedAt.toISOString(),
    current: r.token === currentToken,
  }));
  // The current device first, then the most recently active.
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

/** Ends one of the user's sessions; 404 for an unknown id or someone else's (the same answer, so ids cannot be probed). */
export async function signOutSession(deps: AppDeps, userId: string, sessionId: string): Promise<void> {
  const ended = await deps.database.db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  if (ended.length === 0) throw errors.notFound(SESSION_TEXT.notFound);
}

/** Ends every session of the user but the current one; answers how many. */
export async function signOutOthers(deps: AppDeps, userId: string, currentToken: string): Promise<number> {
  const ended = await deps.database.db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.token, currentToken)))
    .returning({ id: session.id });
  return ended.length;
}
