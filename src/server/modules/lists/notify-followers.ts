import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { TitleKey } from '../../../shared/lists';
import { preparedPerDatabase } from '../../db/batch';
import type { Database } from '../../db/client';
import { follows, notificationDedup, profiles } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { notifyMany, wantsMail } from '../notifications/notify-many';

const BATCH = 200;
/** The dedup key of a title: one follower hears of one title from one user once. */
const titleKey = (key: TitleKey) => `${key.mediaType}:${key.mediaId}`;

/**
 * A page of the user's followers, each marked if told of the title before; one prepared statement
 * (decision 088). Empty while the user's favorites are hidden from others (ruling 9), read in the
 * page's own snapshot: the check that used to be a statement of its own before every page.
 */
const followerPagesOf = preparedPerDatabase((db: Database) => {
  const told = sql<boolean>`exists (SELECT 1 FROM ${notificationDedup} d WHERE d.recipient_id = ${follows.followerId}
    AND d.subject_id = ${sql.placeholder('userId')} AND d.kind = ${sql.placeholder('kind')} AND d.key = ${sql.placeholder('key')})`;
  const favoritesShown = sql`exists (SELECT 1 FROM ${profiles} o WHERE o.id = ${sql.placeholder('userId')} AND NOT o.is_private AND o.show_favorites)`;
  return db
    .select({ id: follows.id, followerId: follows.followerId, told, mail: wantsMail('favorite') })
    .from(follows)
    .innerJoin(profiles, eq(profiles.id, follows.followerId))
    .where(and(eq(follows.followingId, sql.placeholder('userId')), gt(follows.id, sql.placeholder('after')), favoritesShown))
    .orderBy(asc(follows.id))
    .limit(BATCH)
    .prepare('favorite_follower_pages');
});

export interface NewFavorite extends TitleKey {
  userId: string;
  username: string;
  title: string;
}

/**
 * Tells every follower of the user about a new favorite (`new_favorite_from_following`, governed by
 * their `favorite` preference; mailed when they asked for it). Runs after the response path: followers
 * are read in pages of 200 by id, each page told in one statement (notifyMany: one follower hears of one
 * title from one user once, ever; favorite, unfavorite, favorite again is not news), so thousands never
 * hold a request and cost a statement per 200. Failures are logged, never thrown.
 *
 * Only while the user's favorites are visible to others (ruling 9): the caller checks at the moment
 * of the favorite, and every page's statement checks again, so turning private stops a fan-out under way.
 */
export async function notifyFollowersOfFavorite(deps: AppDeps, fav: NewFavorite): Promise<void> {
  const { db } = deps.database;
  const claim = { kind: 'new_favorite_from_following' as const, subjectId: fav.userId, key: titleKey(fav) };
  const input = {
    type: 'new_favorite_from_following' as const,
    title: 'New favorite',
    message: `@${fav.username} added "${fav.title}" to their favorites.`,
    relatedUserId: fav.userId,
    data: { userId: fav.userId, username: fav.username, title: fav.title, mediaId: fav.mediaId, mediaType: fav.mediaType },
    event: 'favorite' as const,
    link: `/details/${fav.mediaType}/${fav.mediaId}`,
  };
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    // Followers told of this title before (a title favorited again) are marked here and left out: the
    // claim would refuse them anyway. Pages stay whole, by follows.id.
    const page = await followerPagesOf(db).execute({ userId: fav.userId, kind: claim.kind, key: claim.key, after });
    const untold = page.filter((f) => !f.told).map((f) => ({ userId: f.followerId, mail: f.mail }));
    try {
      await notifyMany(deps, input, untold, claim);
    } catch (err) {
      deps.logger.error({ err, userId: fav.userId, followers: untold.length }, 'favorite notifications failed');
    }
    if (page.length < BATCH) return;
    after = page[page.length - 1]!.id;
  }
}
