import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { TitleKey } from '../../../shared/lists';
import { follows, notificationDedup } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { announce, notify } from '../notifications/notify';
import { sectionsVisibleToOthers } from './announce';

const BATCH = 200;
/** The dedup key of a title: one follower hears of one title from one user once. */
const titleKey = (key: TitleKey) => `${key.mediaType}:${key.mediaId}`;
const PARALLEL = 8;

export interface NewFavorite extends TitleKey {
  userId: string;
  username: string;
  title: string;
}

/**
 * Tells every follower of the user about a new favorite (`new_favorite_from_following`, governed by
 * their `favorite` preference; notify() mails when they asked for it). Runs after the response path:
 * followers are read in pages by id and handled a few at a time, so thousands never hold a request.
 * Failures are logged, never thrown.
 *
 * Only while the user's favorites are visible to others (ruling 9): the caller checks at the moment
 * of the favorite, and every page checks again, so turning private stops a fan-out under way.
 */
export async function notifyFollowersOfFavorite(deps: AppDeps, fav: NewFavorite): Promise<void> {
  const { db } = deps.database;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    if (!(await sectionsVisibleToOthers(deps, fav.userId)).favorites) return;
    // Followers told of this title before (a title favorited again) are marked here and skipped: the
    // claim in notifyOne would refuse them anyway, one statement each. Pages stay whole, by follows.id.
    const told = sql<boolean>`exists (SELECT 1 FROM ${notificationDedup} d WHERE d.recipient_id = ${follows.followerId} AND d.subject_id = ${fav.userId}
      AND d.kind = 'new_favorite_from_following' AND d.key = ${titleKey(fav)})`;
    const page = await db
      .select({ id: follows.id, followerId: follows.followerId, told })
      .from(follows)
      .where(and(eq(follows.followingId, fav.userId), gt(follows.id, after)))
      .orderBy(asc(follows.id))
      .limit(BATCH);
    const untold = page.filter((f) => !f.told);
    for (let i = 0; i < untold.length; i += PARALLEL) {
      await Promise.all(untold.slice(i, i + PARALLEL).map((f) => notifyOne(deps, f.followerId, fav)));
    }
    if (page.length < BATCH) return;
    after = page[page.length - 1]!.id;
  }
}

/**
 * One follower hears of one title from one user once, ever: favorite, unfavorite, favorite again is
 * not news. The claim, the notification and its mail are one statement (decision 073; was a
 * transaction of five): they commit together.
 */
async function notifyOne(deps: AppDeps, followerId: string, fav: NewFavorite) {
  try {
    const claim = { kind: 'new_favorite_from_following' as const, recipientId: followerId, subjectId: fav.userId, key: titleKey(fav) };
    const result = await notify(
      deps,
      {
        userId: followerId,
        type: 'new_favorite_from_following',
        title: 'New favorite',
        message: `@${fav.username} added "${fav.title}" to their favorites.`,
        relatedUserId: fav.userId,
        data: { userId: fav.userId, username: fav.username, title: fav.title, mediaId: fav.mediaId, mediaType: fav.mediaType },
        event: 'favorite',
        link: `/details/${fav.mediaType}/${fav.mediaId}`,
        background: true,
      },
      deps.database.db,
      claim,
    );
    announce(deps, followerId, result);
  } catch (err) {
    deps.logger.error({ err, followerId, userId: fav.userId }, 'favorite notification failed');
  }
}
