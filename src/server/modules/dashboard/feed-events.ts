import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { keptPlan } from '../../db/kept-plans';
import type { AppDeps } from '../../deps';

/** NOTIFY payloads hold 8,000 bytes: the audience of one event is at most this many user ids. */
const AUDIENCE_CHUNK = 100;

/** Which of the actor's sections a change touched; `null`: a change of who may see what (settings). */
export type FeedSection = 'favorites' | 'watchlist' | 'currentlyWatching' | 'forums' | null;

const shown = {
  favorites: sql`AND NOT p.is_private AND p.show_favorites`,
  watchlist: sql`AND NOT p.is_private AND p.show_watchlist`,
  currentlyWatching: sql`AND NOT p.is_private AND p.show_currently_watching`,
  forums: sql`AND NOT p.is_private`,
};

/**
 * The Following tabs of `actorId`'s followers may have changed (decision 052): each follower's tabs
 * hear `feed-changed`, which carries nothing (the tab refetches, and the server applies privacy when
 * it reads). A change to a section the followers may not see is told to nobody, judged in the same
 * statement that lists the followers, so an event never says a private person did something; a
 * change of the settings themselves (`section` null) is told to every follower. Runs after the
 * change committed; failures are logged, never thrown. The audience is cut into events of 100 users
 * (NOTIFY's payload limit), each one row of the event log, so replay and every instance work as for
 * any event.
 */
export function feedChanged(deps: AppDeps, actorId: string, section: FeedSection): void {
  void (async () => {
    const rows = await queryRows<{ follower_id: string }>(
      deps.database.db,
      keptPlan(sql`SELECT f.follower_id FROM follows f JOIN profiles p ON p.id = f.following_id
          WHERE f.following_id = ${actorId} AND NOT p.is_banned ${section ? shown[section] : sql``}`),
    );
    for (let i = 0; i < rows.length; i += AUDIENCE_CHUNK) {
      deps.events.publish({ users: rows.slice(i, i + AUDIENCE_CHUNK).map((r) => r.follower_id) }, { type: 'feed-changed' });
    }
  })().catch((err: unknown) => deps.logger.warn({ err, actorId }, 'feed: telling followers failed'));
}
