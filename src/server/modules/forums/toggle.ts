import type { Database } from '../../db/client';

/**
 * Likes and follows are idempotent: the (post, user) key decides whether a row was added or removed,
 * and the post's count moves by one only then, in the same transaction. Twenty users liking at once
 * give twenty; one user's double click gives one.
 */
export function toggleCounted(
  db: Database,
  on: boolean,
  steps: {
    /** Inserts the (post, user) row, doing nothing on conflict; returns the rows it added. */
    add: (tx: Database) => Promise<unknown[]>;
    /** Deletes the (post, user) row; returns the rows it removed. */
    remove: (tx: Database) => Promise<unknown[]>;
    /** Moves the post's count by delta and returns the new count. */
    bump: (tx: Database, delta: 1 | -1) => Promise<number | undefined>;
    /** The post's count as it is. */
    count: (tx: Database) => Promise<number | undefined>;
  },
): Promise<{ changed: boolean; count: number }> {
  return db.transaction(async (tx) => {
    const rows = on ? await steps.add(tx) : await steps.remove(tx);
    if (rows.length === 0) return { changed: false, count: (await steps.count(tx)) ?? 0 };
    return { changed: true, count: (await steps.bump(tx, on ? 1 : -1)) ?? 0 };
  });
}
