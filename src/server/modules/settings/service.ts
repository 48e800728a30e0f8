import { eq } from 'drizzle-orm';
import type { ProfileFormOutput, SettingsUpdate } from '../../../shared/settings';
import type { AppDeps } from '../../deps';
import { profiles, user } from '../../db/schema';
import { errors } from '../../http/errors';
import { hitDbLimit } from '../../http/db-rate-limit';
import { removeUserFiles } from '../../integrations/storage';
import { uploadKey } from '../../integrations/storage/storage';
import { isUsernameTaken, USERNAME_TAKEN_MESSAGE } from '../accounts/service';
import { feedChanged } from '../dashboard/feed-events';
import { pushUnreadCountsOfReaders } from '../notifications/unread';
import { processAvatar } from './avatar-image';

export const PROFILE_UPDATE_FAILED = 'Could not update profile.';
export const AVATAR_URL_NOT_OURS = 'The avatar must be an image uploaded here.';

/** Uploads cost a full image decode: 20 per user per 10 minutes is plenty for choosing a picture. */
const AVATAR_UPLOADS_PER_WINDOW = 20;
const AVATAR_WINDOW_MS = 10 * 60_000;

/**
 * Checks, re-encodes and stores an avatar under `{userId}/{hash}.{ext}` (the hash of the stored bytes,
 * so its URL can be cached for good); returns its public URL.
 */
export async function uploadAvatar(deps: AppDeps, userId: string, bytes: Buffer): Promise<string> {
  const wait = await hitDbLimit(deps.database.db, `avatar:${userId}`, AVATAR_UPLOADS_PER_WINDOW, AVATAR_WINDOW_MS);
  if (wait) throw errors.tooMany(`Too many uploads. Please try again in ${Math.ceil(wait / 60)} minutes.`);
  const avatar = await processAvatar(bytes);
  const key = uploadKey(userId, avatar.body, avatar.ext);
  await deps.storage.put(key, avatar.body, avatar.contentType);
  return deps.storage.publicUrl(key);
}

/**
 * The avatar URL to store: empty removes it; otherwise it must be a file of our storage, in the
 * user's own folder, that exists. Anything else (another site, another user's file) is refused.
 */
async function checkedAvatarUrl(deps: AppDeps, userId: string, url: string): Promise<{ url: string | null; key: string | null }> {
  if (url === '') return { url: null, key: null };
  const key = deps.storage.keyFromUrl(url);
  if (!key || !key.startsWith(`${userId}/`) || !(await deps.storage.exists(key))) throw errors.badRequest(AVATAR_URL_NOT_OURS);
  return { url, key };
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

/** PATCH /api/me/profile: full name, bio and avatar on `profiles`; the username (lowercased) on Better Auth's `user`. */
export async function updateProfile(deps: AppDeps, userId: string, input: Partial<ProfileFormOutput>): Promise<void> {
  const { db } = deps.database;
  const [current] = await db
    .select({ avatarUrl: profiles.avatarUrl, fullName: profiles.fullName, username: user.username })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!current) throw errors.notFound('Could not load profile data.');
  if (input.username !== undefined && input.username !== current.username && (await isUsernameTaken(deps, input.username, userId))) {
    throw errors.conflict('username_taken', USERNAME_TAKEN_MESSAGE);
  }
  const avatar = input.avatarUrl === undefined || input.avatarUrl === (current.avatarUrl ?? '') ? undefined : await checkedAvatarUrl(deps, userId, input.avatarUrl);

  const profileChanges: Partial<typeof profiles.$inferInsert> = {};
  if (input.fullName !== undefined) profileChanges.fullName = input.fullName || null;
  if (input.bio !== undefined) profileChanges.bio = input.bio || null;
  if (avatar) profileChanges.avatarUrl = avatar.url;
  const fullName = input.fullName !== undefined ? input.fullName : (current.fullName ?? '');
  const username = input.username ?? current.username ?? '';
  try {
    await db.transaction(async (tx) => {
      if (Object.keys(profileChanges).length)
        await tx
          .update(profiles)
          .set({ ...profileChanges, updatedAt: new Date() })
          .where(eq(profiles.id, userId));
      // Better Auth's `name` follows the display name (full name, else username), as at sign-up.
      await tx
        .update(user)
        .set({ ...(input.username !== undefined ? { username, displayUsername: username } : {}), name: fullName || username, updatedAt: new Date() })
        .where(eq(user.id, userId));
    });
  } catch (error) {
    // Two users racing for one name: the unique index decides.
    if (isUniqueViolation(error)) throw errors.conflict('username_taken', USERNAME_TAKEN_MESSAGE);
    throw error;
  }
  // The replaced picture, and uploads that were never saved, are referenced by nobody now (best effort).
  if (avatar) {
    await removeUserFiles(deps.storage, userId, avatar.key).catch((err: unknown) => deps.logger.warn({ err, userId }, 'could not delete replaced avatars'));
  }
  deps.events.publish({ everyone: true }, { type: 'profile-updated', userId });
}

export async function setFavoriteGenres(deps: AppDeps, userId: string, genres: string[]): Promise<string[]> {
  await deps.database.db.update(profiles).set({ favoriteGenres: genres, updatedAt: new Date() }).where(eq(profiles.id, userId));
  return genres;
}

const settingsColumns = {
  notifyOnFollow: profiles.notifyOnFollow,
  notifyOnFavorite: profiles.notifyOnFavorite,
  notifyOnMessage: profiles.notifyOnMessage,
  notifyOnMatch: profiles.notifyOnMatch,
  notifyOnForum: profiles.notifyOnForum,
  isPrivate: profiles.isPrivate,
  showFavorites: profiles.showFavorites,
  showWatchlist: profiles.showWatchlist,
  showCurrentlyWatching: profiles.showCurrentlyWatching,
};

/** PATCH /api/me/settings: the given notification and privacy switches; answers all of them as saved. */
export async function updateSettings(deps: AppDeps, userId: string, changes: SettingsUpdate) {
  const [row] = await deps.database.db
    .update(profiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning(settingsColumns);
  if (!row) throw errors.notFound('Could not load profile data.');
  if (Object.keys(changes).some((k) => !k.startsWith('notify'))) deps.events.publish({ everyone: true }, { type: 'profile-updated', userId });
  // Followers' badges count this user's new-favorite notices only while favorites are visible.
  if ('isPrivate' in changes || 'showFavorites' in changes) pushUnreadCountsOfReaders(deps, userId);
  // What followers' Following tabs may show of this user changed (decision 052).
  if (['isPrivate', 'showFavorites', 'showWatchlist', 'showCurrentlyWatching'].some((k) => k in changes)) feedChanged(deps, userId, null);
  return row;
}
