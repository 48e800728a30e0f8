import { inArray } from 'drizzle-orm';
import { profiles } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { isUploadKey } from '../../integrations/storage/storage';

/**
 * An avatar is stored when it is uploaded and becomes the profile's picture only when the form is
 * saved; saving removes the user's other pictures. Uploads never saved, pictures a crash kept from
 * being removed (after a save, or of a deleted account) and files of interrupted writes would stay
 * forever: the sweeper deletes every stored file that no profile references and that is older than
 * the grace period, which leaves a user time to save the picture they just chose.
 */
export const UPLOAD_GRACE_MS = 60 * 60_000;
export const UPLOAD_SWEEP_INTERVAL_MS = 60 * 60_000;
const PROFILES_PER_QUERY = 500;

/** The key at the end of a stored avatar URL, whatever base it was served from. */
function keyAtEnd(url: string): string | undefined {
  const parts = url.split('/');
  const key = parts.slice(-2).join('/');
  return parts.length >= 2 && isUploadKey(key) ? key : undefined;
}

export interface SweepResult {
  deleted: number;
  leftovers: number;
}

export async function sweepUploads(deps: Pick<AppDeps, 'database' | 'storage'>, now = new Date(), graceMs = UPLOAD_GRACE_MS): Promise<SweepResult> {
  const before = new Date(now.getTime() - graceMs);
  const old: string[] = [];
  for await (const entry of deps.storage.listAll()) if (entry.modifiedAt < before) old.push(entry.key);

  // Only the folders holding old files are looked up: a profile references a file of its own folder.
  const users = [...new Set(old.map((key) => key.slice(0, key.indexOf('/'))))];
  const referenced = new Set<string>();
  for (let i = 0; i < users.length; i += PROFILES_PER_QUERY) {
    const rows = await deps.database.db
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(inArray(profiles.id, users.slice(i, i + PROFILES_PER_QUERY)));
    for (const { avatarUrl } of rows) {
      const key = avatarUrl ? keyAtEnd(avatarUrl) : undefined;
      if (key) referenced.add(key);
    }
  }
  let deleted = 0;
  for (const key of old) {
    if (referenced.has(key)) continue;
    await deps.storage.delete(key);
    deleted++;
  }
  return { deleted, leftovers: await deps.storage.removeLeftovers(before) };
}

/** Sweeps once now and then every interval, until stop(), which waits for a sweep in progress. */
export function startUploadSweeper(deps: Pick<AppDeps, 'database' | 'storage' | 'logger'>, intervalMs = UPLOAD_SWEEP_INTERVAL_MS, graceMs = UPLOAD_GRACE_MS) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepUploads(deps, new Date(), graceMs)
      .then((result) => {
        if (result.deleted || result.leftovers) deps.logger.info(result, 'swept unreferenced uploads');
      })
      .catch((err: unknown) => deps.logger.warn({ err }, 'upload sweep failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  void sweep();
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    /** For tests: one sweep now (or the one in progress). */
    sweep,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
