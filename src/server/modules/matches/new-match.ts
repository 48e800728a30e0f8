import { sql } from 'drizzle-orm';
import type { TitleKey } from '../../../shared/lists';
import { matchPercentage } from '../../../shared/matches';
import { queryRows } from '../../db/client';
import { keptPlan } from '../../db/kept-plans';
import type { AppDeps } from '../../deps';
import { claimOnce } from '../notifications/dedup';
import { announce, notify } from '../notifications/notify';

/** Ruling 21: a pair becomes news at 3 shared favorites and a match percentage of 50 or more. */
export const NEW_MATCH_MIN_SHARED = 3;
export const NEW_MATCH_MIN_PERCENT = 50;

const eligible = sql`u.email_verified AND NOT p.is_banned AND NOT p.is_private AND p.show_favorites`;

/**
 * After `userId` favorited `key`: the pairs it makes a match for the first time get one `new_match`
 * each way (by notify_on_match), once per pair ever. Only the title's fans can have become a match
 * through it, so only they are counted. Both users must appear in each other's matches (ruling 19):
 * a notice naming someone whose favorites are hidden would reveal them, so such pairs are not told
 * and not claimed (they may be told once both are visible and a new favorite is shared).
 */
export async function notifyNewMatches(deps: AppDeps, userId: string, key: TitleKey): Promise<number> {
  const { db } = deps.database;
  // One statement, so one snapshot: the counts of both users and what they share are read together.
  // (Read apart, a favorite added between the reads gave a percentage no state of the lists ever had.)
  // The user's own row (eligible, enough favorites) is a CTE of it rather than a statement before it.
  // Pairs already told are left out here (a favorite of a popular title meets most of its fans again
  // and again: one claim attempt each was ~12 statements per favorite under the mixed load); the
  // claim below still decides between concurrent favorites.
  const pairs = await queryRows<{ user_id: string; shared: number; my_n: number; n: number; shared_genres: number; name: string; my_name: string }>(
    db,
    keptPlan(sql`WITH me AS (SELECT p.favorites_count AS n, p.favorite_genres AS genres, coalesce(nullif(p.full_name, ''), u.username, 'Someone') AS name
          FROM profiles p JOIN "user" u ON u.id = p.id WHERE p.id = ${userId} AND ${eligible} AND p.favorites_count >= ${NEW_MATCH_MIN_SHARED}),
        mine AS (SELECT media_type, media_id FROM favorites WHERE user_id = ${userId} AND EXISTS (SELECT 1 FROM me)),
        fans AS (SELECT user_id FROM favorites WHERE media_type = ${key.mediaType} AND media_id = ${key.mediaId} AND user_id <> ${userId}),
        c AS (SELECT f.user_id, count(*)::integer AS shared FROM favorites f JOIN mine m ON f.media_type = m.media_type AND f.media_id = m.media_id
              WHERE f.user_id IN (SELECT user_id FROM fans) GROUP BY f.user_id HAVING count(*) >= ${NEW_MATCH_MIN_SHARED})
        SELECT c.user_id, c.shared, me.n AS my_n, p.favorites_count AS n,
          (SELECT count(DISTINCT g)::integer FROM unnest(p.favorite_genres) g WHERE g = ANY(me.genres)) AS shared_genres,
          coalesce(nullif(p.full_name, ''), u.username, 'Someone') AS name, me.name AS my_name
        FROM c CROSS JOIN me JOIN profiles p ON p.id = c.user_id JOIN "user" u ON u.id = c.user_id WHERE ${eligible}
          AND NOT EXISTS (SELECT 1 FROM notification_dedup d WHERE d.kind = 'new_match' AND d.key = 'pair'
            AND d.recipient_id = CASE WHEN ${userId}::text < c.user_id COLLATE "C" THEN ${userId}::text ELSE c.user_id END
            AND d.subject_id = CASE WHEN ${userId}::text < c.user_id COLLATE "C" THEN c.user_id ELSE ${userId}::text END)`),
  );
  let told = 0;
  for (const pair of pairs) {
    const pct = matchPercentage(pair.shared, pair.my_n, pair.n, pair.shared_genres);
    if (pct < NEW_MATCH_MIN_PERCENT) continue;
    const [low, high] = userId < pair.user_id ? [userId, pair.user_id] : [pair.user_id, userId];
    if (!(await claimOnce(db, { kind: 'new_match', recipientId: low, subjectId: high, key: 'pair' }))) continue;
    told++;
    for (const [to, other, otherName] of [
      [userId, pair.user_id, pair.name],
      [pair.user_id, userId, pair.my_name],
    ] as const) {
      const result = await notify(deps, {
        userId: to,
        type: 'new_match',
        title: 'New match',
        message: `You and ${otherName} are a ${pct}% match: you share ${pair.shared} favorites.`,
        relatedUserId: other,
        data: { matchPercentage: pct, sharedFavoritesCount: pair.shared },
        event: 'match',
        link: '/matches',
        background: true,
      });
      announce(deps, to, result);
    }
  }
  return told;
}
