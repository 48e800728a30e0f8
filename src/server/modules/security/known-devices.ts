import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { describeAgent } from '../sessions/service';

/**
 * The devices a user has signed in with (issue 20, part 6; decision 045). A device is the browser
 * and the system, named as the signed-in devices list names them (decision 024), without the
 * browser's version, which changes with every update: "Chrome on Windows".
 */
export function deviceName(userAgent: string | null | undefined): string {
  const { browser, os } = describeAgent(userAgent ?? null);
  return `${browser.replace(/ \d+$/, '')} on ${os}`;
}

/**
 * Remembers that the user signed in with this device, and says whether that is news: true when
 * the device is new to an account that already had others. The first device of an account (the
 * sign-in that follows sign-up, or the first one since this list began) is remembered silently.
 * One statement: the CTE reads the list as it was before the insert.
 */
export async function rememberDevice(db: Database, userId: string, device: string): Promise<boolean> {
  const [row] = await queryRows<{ inserted: boolean; before: number }>(
    db,
    sql`WITH before AS (SELECT count(*)::int AS n FROM known_devices WHERE user_id = ${userId}),
             upsert AS (
               INSERT INTO known_devices (user_id, device) VALUES (${userId}, ${device})
               ON CONFLICT (user_id, device) DO UPDATE SET last_seen_at = now()
               RETURNING (xmax = 0) AS inserted
             )
        SELECT upsert.inserted, before.n AS before FROM upsert, before`,
  );
  return !!row && row.inserted && row.before > 0;
}
