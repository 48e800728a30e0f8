import {
  COMPLETENESS_MIN_FAVORITES,
  COMPLETENESS_MIN_GENRES,
  COMPLETENESS_STEPS,
  type CompletenessKey,
  type Dashboard,
  SUGGESTIONS_SHOWN,
  type Suggestion,
} from '../../../shared/dashboard';
import type { AppDeps } from '../../deps';
import type { AuthedUser } from '../../http/context';
import { errors } from '../../http/errors';
import { matchesWithStamp } from '../matches/service';
import { profileRowOf, type ProfileRow, sharingGenresKept } from './summary-reads';

const filled = (v: string | null) => !!v && v.trim().length > 0;

/** Ruling 12 (decision 018): which steps are done, and the score they add up to. */
export function completeness(row: ProfileRow): Dashboard['completeness'] {
  const done: Record<CompletenessKey, boolean> = {
    avatar: filled(row.avatar_url),
    // Sign-up stores the username as the name when none is given (accounts/auth.ts), so that is no name.
    fullName: filled(row.full_name) && row.full_name!.trim().toLowerCase() !== (row.username ?? '').toLowerCase(),
    bio: filled(row.bio),
    genres: row.genres.length >= COMPLETENESS_MIN_GENRES,
    favorites: row.favorites_count >= COMPLETENESS_MIN_FAVORITES,
    watchlist: row.watchlist_count >= 1,
    social: row.has_social,
  };
  const steps = COMPLETENESS_STEPS.map((s) => ({ key: s.key, label: s.label, points: s.points, done: done[s.key] }));
  return { score: steps.reduce((sum, s) => sum + (s.done ? s.points : 0), 0), steps };
}

/**
 * The dashboard but its activity (decision 018): one row of the viewer's profile and counters (the
 * counters are kept by triggers, so no counting here), and People You Might Like. Each read is
 * batched with the other requests of the moment (summary-reads.ts, ADR 070).
 */
export async function getDashboard(deps: AppDeps, viewer: AuthedUser): Promise<Dashboard> {
  const [row, suggestions] = await Promise.all([profileRowOf(deps.database.db, viewer.id), peopleYouMightLike(deps, viewer)]);
  if (!row) throw errors.notFound('Profile not found');
  const username = row.display_username ?? row.username ?? '';
  return {
    name: filled(row.full_name) ? row.full_name!.trim() : username,
    username,
    counts: { favorites: row.favorites_count, watchlist: row.watchlist_count, followers: row.followers_count, following: row.following_count },
    completeness: completeness(row),
    suggestions,
  };
}

/**
 * Ruling 23: up to 5 of the viewer's top matches they do not follow yet, then people who share the
 * most favorite genres. The matches come from the matches service, so a free user is offered only
 * their day's three (ruling 20) and who may appear is ruling 19's rule; the genre fill-up applies the
 * same rule (verified, not banned, not private, no block either way) and skips people already followed.
 */
async function peopleYouMightLike(deps: AppDeps, viewer: AuthedUser): Promise<Suggestion[]> {
  const { page, stamp } = await matchesWithStamp(deps, viewer, { page: 1 });
  const picked: Suggestion[] = page.matches
    .filter((m) => !m.isFollowing)
    .slice(0, SUGGESTIONS_SHOWN)
    .map((m) => ({ user: m.user, reason: 'match' as const, matchPercentage: m.matchPercentage, sharedGenres: m.sharedGenres }));
  // The genre query scans profiles by genre overlap, so it runs only when the matches fall short.
  if (picked.length >= SUGGESTIONS_SHOWN) return picked;
  const seen = new Set(picked.map((s) => s.user.id));
  for (const p of await sharingGenresKept(deps.database.db, viewer.id, stamp)) {
    if (picked.length >= SUGGESTIONS_SHOWN) break;
    if (seen.has(p.id)) continue;
    picked.push({
      user: { id: p.id, username: p.display_username ?? p.username ?? '', fullName: p.full_name, avatarUrl: p.avatar_url, isDemo: p.is_demo },
      reason: 'genres',
      matchPercentage: null,
      sharedGenres: p.shared_genres,
    });
  }
  return picked;
}
