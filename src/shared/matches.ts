import { z } from 'zod';
import { sharedFavoriteSchema } from './lists';
import { text } from './text';

/** Spec 001 §9 and ruling 20: free users see this many matches a day. */
export const FREE_MATCHES_PER_DAY = 3;
/** Up to this many shared favorites on a card (spec 001 §9). */
export const SHARED_FAVORITES_SHOWN = 5;
/** Matches per page for premium users. */
export const MATCH_PAGE_SIZE = 20;
/** The genre-overlap bonus (spec 001 §9: up to 10 points): 2 points per favorite genre both users love. */
export const GENRE_BONUS_PER_GENRE = 2;
export const GENRE_BONUS_MAX = 10;

/** Ruling 1: one pair of constants for every page and toast. */
export const BOOST_HOURS = 48;
export const BOOST_COOLDOWN_DAYS = 7;
export const BOOST_MS = BOOST_HOURS * 60 * 60 * 1000;
export const BOOST_COOLDOWN_MS = BOOST_COOLDOWN_DAYS * 24 * 60 * 60 * 1000;

/**
 * The match percentage (spec 001 §9): shared favorites ÷ the smaller favorites count × 100, rounded,
 * plus the genre bonus, capped at 100. The server's ranking and its SQL reference use this formula.
 */
export function matchPercentage(shared: number, countA: number, countB: number, sharedGenres: number): number {
  const smaller = Math.min(countA, countB);
  if (shared <= 0 || smaller <= 0) return 0;
  const base = Math.round((Math.min(shared, smaller) * 100) / smaller);
  return Math.min(100, base + Math.min(GENRE_BONUS_MAX, GENRE_BONUS_PER_GENRE * sharedGenres));
}

export const matchesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(500).default(1),
  /** Comma-separated genre names; premium only (ruling 20). A free user's filter is ignored. */
  genres: text().max(500).optional(),
});

export const matchUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    fullName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    /** A member of the demo community (decision 040): the card shows a Demo badge. */
    isDemo: z.boolean(),
  })
  .meta({ id: 'MatchUser' });

export const matchSchema = z
  .object({
    user: matchUserSchema,
    matchPercentage: z.number().int().min(0).max(100),
    sharedFavoritesCount: z.number().int().min(1),
    sharedFavorites: z.array(sharedFavoriteSchema).max(SHARED_FAVORITES_SHOWN),
    /** The other user's favorite genres. */
    genres: z.array(z.string()),
    /** Favorite genres both love (the bonus). */
    sharedGenres: z.array(z.string()),
    /** Mean absolute difference of the two ratings (1–5 stars) over the shared titles: 0 is identical taste. */
    ratingGap: z.number().min(0).max(4),
    boosted: z.boolean(),
    isFollowing: z.boolean(),
    /** I muted them (the card's menu offers Unmute); blocked people are never matches (ruling 28). */
    isMuted: z.boolean(),
  })
  .meta({ id: 'Match' });
export type Match = z.output<typeof matchSchema>;

export const matchesPageSchema = z
  .object({
    matches: z.array(matchSchema),
    /** True for a free user: the day's three (ruling 20) and the upsell card. */
    limited: z.boolean(),
    page: z.number().int(),
    hasMore: z.boolean(),
    /** The genre filter that was applied (empty for free users, whatever they asked). */
    genres: z.array(z.string()),
  })
  .meta({ id: 'MatchesPage' });
export type MatchesPage = z.output<typeof matchesPageSchema>;

export const boostStateSchema = z
  .object({ boostExpiresAt: z.string().nullable(), lastBoostUsedAt: z.string().nullable(), canBoost: z.boolean(), serverNow: z.string() })
  .meta({ id: 'BoostState' });
export type BoostState = z.output<typeof boostStateSchema>;

export const matchMessages = {
  loadFailed: 'Failed to load matches. Please try again.',
  boosted: 'Profile Boosted',
  boostedDescription: `Your profile will be shown to more users for the next ${BOOST_HOURS} hours.`,
  alreadyBoosted: 'Your profile is already boosted.',
  cooldown: `You can only boost your profile once every ${BOOST_COOLDOWN_DAYS} days.`,
  boostFailed: 'Could not boost your profile. Please try again.',
  boostPremiumOnly: 'Boost is for premium members.',
  followFailed: 'Something went wrong.',
} as const;
