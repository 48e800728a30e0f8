import { sql } from 'drizzle-orm';
import type { AccessFlags } from '../../../shared/session';
import { batchedRead, preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import type { EpochStamp } from '../../db/epoch-cache';
import { computeAccess } from '../accounts/access';

/**
 * The matches page's reads, batched across requests (decision 022, ADR 070): the calls of one
 * event-loop turn share a statement, identical keys are read once, nothing is kept after the batch
 * answers. Who the viewer is; the page itself (its ranking and cards) is page-read.ts. So the
 * requests of a turn cost two statements, however many members ask (one more for free members
 * whose three of the day are still to be chosen: their rankings, without cards, page-read.ts too).
 */

interface StateRow {
  viewer: string;
  founding: boolean | null;
  admin: boolean;
  subscribed: boolean | null;
  tier: 'free' | 'trial' | 'premium' | null;
  subscriptionEndMs: number | null;
  trialEndMs: number | null;
  today: string[] | null;
  epoch: string;
  nowMs: number;
  boostEndMs: number | null;
}

/** Ruling 4's inputs (accounts/access.ts loadAccess reads the same three rows) and today's kept three (ruling 20). */
function stateStatement(db: Database) {
  return db
    .select({
      viewer: sql<string>`k.viewer`,
      founding: sql<boolean | null>`p.founding_member`,
      admin: sql<boolean>`EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = k.viewer AND r.role = 'admin')`,
      subscribed: sql<boolean | null>`s.subscribed`,
      tier: sql<StateRow['tier']>`s.subscription_tier`,
      subscriptionEndMs: sql<number | null>`(extract(epoch FROM s.subscription_end) * 1000)::float8`,
      trialEndMs: sql<number | null>`(extract(epoch FROM s.trial_end) * 1000)::float8`,
      today: sql<string[] | null>`(SELECT to_json(d.match_ids) FROM match_daily d WHERE d.user_id = k.viewer AND d.day = (now() at time zone 'UTC')::date)`,
      // The stamp a kept page is checked against (ADR 087): once per statement, the same for every viewer of it.
      epoch: sql<string>`(SELECT coalesce(sum(v), 0)::text FROM match_epoch)`,
      nowMs: sql<number>`(extract(epoch FROM now()) * 1000)::float8`,
      boostEndMs: sql<number | null>`(SELECT (extract(epoch FROM min(boost_expires_at)) * 1000)::float8 FROM profiles WHERE boost_expires_at > now())`,
    })
    .from(
      sql`unnest(${sql.placeholder('viewers')}::text[]) AS k(viewer)
        LEFT JOIN profiles p ON p.id = k.viewer
        LEFT JOIN subscriptions s ON s.user_id = k.viewer`,
    )
    .prepare('match_viewer_state');
}

const stateStatementOf = preparedPerDatabase(stateStatement);

const loadState = batchedRead<string, StateRow | null>(
  async (db, viewers) => {
    const statement = stateStatementOf(db);
    return new Map((await statement.execute({ viewers })).map((r) => [r.viewer, r]));
  },
  () => null,
);

export interface ViewerState {
  access: AccessFlags;
  /** Today's kept matches (ruling 20), or null before the first visit of the UTC day. */
  today: string[] | null;
  /** What a kept matches page is checked against (ADR 087); null when the viewer has no row. */
  stamp: EpochStamp | null;
}

/** The viewer's access (ruling 4, as loadAccess computes it) and today's kept matches, in one batched statement. */
export async function viewerState(db: Database, viewer: { id: string; email: string }, ownerEmail?: string): Promise<ViewerState> {
  const row = await loadState(db, viewer.id);
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  const subscription =
    row && row.subscribed !== null && row.tier !== null
      ? { subscribed: row.subscribed, subscriptionTier: row.tier, subscriptionEnd: date(row.subscriptionEndMs), trialEnd: date(row.trialEndMs) }
      : null;
  const access = computeAccess({ email: viewer.email, ownerEmail, isAdmin: !!row?.admin, foundingMember: !!row?.founding, subscription });
  const stamp = row ? { epoch: row.epoch, nowMs: Number(row.nowMs), validUntilMs: row.boostEndMs === null ? null : Number(row.boostEndMs) } : null;
  return { access, today: row?.today ?? null, stamp };
}
