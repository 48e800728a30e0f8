import { getAuthenticatorName } from '@better-auth/passkey';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PASSKEY_TEXT, type PasskeyView } from '../../../shared/passkeys';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { passkey } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';

/**
 * One's passkeys (issue 20, part 4; decision 046). Better Auth's plugin registers them and signs in
 * with them; listing, renaming and removing are here. Every query names the owner: another user's
 * passkey is not found, the same answer as an unknown id, so ids cannot be probed.
 */

const columns = { id: passkey.id, name: passkey.name, aaguid: passkey.aaguid, deviceType: passkey.deviceType, backedUp: passkey.backedUp, createdAt: passkey.createdAt };
type Row = { id: string; name: string | null; aaguid: string | null; deviceType: string; backedUp: boolean; createdAt: Date | null };

function view(row: Row): PasskeyView {
  const provider = getAuthenticatorName(row.aaguid ?? undefined) ?? null;
  return {
    id: row.id,
    name: row.name?.trim() || provider || 'Passkey',
    provider,
    synced: row.deviceType === 'multiDevice' && row.backedUp,
    createdAt: row.createdAt?.toISOString() ?? null,
  };
}

/** Passkeys of any number of users, newest first, in one prepared statement (decision 022). */
const selectPasskeys = (db: Database) =>
  db
    .select({ ...columns, userId: passkey.userId })
    .from(passkey)
    .where(sql`${passkey.userId} = any(${sql.placeholder('users')}::text[])`)
    .orderBy(desc(passkey.createdAt), desc(passkey.id))
    .prepare('passkey_lists');
const passkeyStatementOf = preparedPerDatabase(selectPasskeys);

/** The lists of every request of an event-loop turn in one statement; nothing cached. */
const loadPasskeys = batchedRead<string, PasskeyView[]>(
  async (db, users) => {
    const statement = passkeyStatementOf(db);
    const lists = new Map<string, PasskeyView[]>();
    // Rows come newest first; each user's list keeps that order.
    for (const row of await statement.execute({ users })) lists.set(row.userId, [...(lists.get(row.userId) ?? []), view(row)]);
    return lists;
  },
  () => [],
);

export function listPasskeys(deps: AppDeps, userId: string): Promise<PasskeyView[]> {
  return loadPasskeys(deps.database.db, userId);
}

export async function renamePasskey(deps: AppDeps, userId: string, id: string, name: string): Promise<PasskeyView> {
  const [row] = await deps.database.db
    .update(passkey)
    .set({ name })
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning(columns);
  if (!row) throw errors.notFound(PASSKEY_TEXT.notFound);
  return view(row);
}

/** Removed, it can no longer sign in: the plugin finds a passkey by its credential id in this table. */
export async function removePasskey(deps: AppDeps, userId: string, id: string): Promise<void> {
  const removed = await deps.database.db
    .delete(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
    .returning({ id: passkey.id });
  if (removed.length === 0) throw errors.notFound(PASSKEY_TEXT.notFound);
}
