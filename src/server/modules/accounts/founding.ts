import { eq, sql } from 'drizzle-orm';
import { FOUNDING_MEMBER_LIMIT } from '../../../shared/pricing';
import { batchedRead } from '../../db/batch';
import { type Database, queryRows } from '../../db/client';
import { foundingCounter, profiles } from '../../db/schema';

/**
 * Gives the user a founding spot if one is left (ruling 6). The profile row is locked first, so a
 * user is counted once; the counter row is updated under its own lock with the limit in the WHERE,
 * so concurrent verifications can never take more than FOUNDING_MEMBER_LIMIT spots.
 */
export async function claimFoundingSpot(db: Database, userId: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [profile] = await queryRows<{ founding_number: number | null }>(tx as unknown as Database, sql`SELECT founding_number FROM profiles WHERE id = ${userId} FOR UPDATE`);
    if (!profile || profile.founding_number !== null) return profile?.founding_number ?? null;
    const [slot] = await queryRows<{ taken: number }>(
      tx as unknown as Database,
      sql`INSERT INTO founding_counter (id, taken) VALUES (1, 1)
          ON CONFLICT (id) DO UPDATE SET taken = founding_counter.taken + 1
          WHERE founding_counter.taken < ${FOUNDING_MEMBER_LIMIT}
          RETURNING taken`,
    );
    if (!slot) return null;
    await tx.update(profiles).set({ foundingMember: true, foundingNumber: slot.taken }).where(eq(profiles.id, userId));
    return slot.taken;
  });
}

/**
 * The spots taken, read once for all the requests of an event-loop turn (decision 022): the landing
 * page, the pricing cards and every sign-up form ask for it. Read anew each turn, never kept.
 */
const loadTaken = batchedRead<'taken', number>(
  async (db) => {
    const [row] = await db.select({ taken: foundingCounter.taken }).from(foundingCounter).where(eq(foundingCounter.id, 1));
    return new Map([['taken', row?.taken ?? 0]]);
  },
  () => 0,
);

export async function foundingStats(db: Database) {
  const count = Math.min(await loadTaken(db, 'taken'), FOUNDING_MEMBER_LIMIT);
  return { count, limit: FOUNDING_MEMBER_LIMIT, remaining: FOUNDING_MEMBER_LIMIT - count };
}
