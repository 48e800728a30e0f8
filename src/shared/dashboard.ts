import { z } from 'zod';
import { matchUserSchema } from './matches';

/** The dashboard above Discover (spec 001 §2 Dashboard; rulings 12, 22, 23; decision 018). */

export const DASHBOARD_TEXT = {
  greeting: (name: string) => `Welcome back, ${name}`,
  activityFailed: 'Could not load activities.',
  activityEmpty: 'No activity yet.',
  loadFailed: 'Could not load your dashboard.',
  suggestionsEmpty: 'No suggestions yet. Favorite a few titles to find people with your taste.',
} as const;

/** Recent Activity shows the latest 15 notifications (spec 001 §9, ruling 22). */
export const ACTIVITY_ITEMS = 15;
/** People You Might Like: at most 5 (ruling 23). */
export const SUGGESTIONS_SHOWN = 5;

/**
 * Ruling 12: a real profile-completeness score. Each step is worth its points when done; the
 * points add up to 100. Favorites and genres weigh most because matches are made from them.
 */
export const COMPLETENESS_STEPS = [
  { key: 'avatar', label: 'Add a profile photo', points: 20 },
  { key: 'fullName', label: 'Add your name', points: 15 },
  { key: 'bio', label: 'Write a short bio', points: 15 },
  { key: 'genres', label: 'Pick at least 3 favorite genres', points: 15 },
  { key: 'favorites', label: 'Favorite at least 5 titles', points: 20 },
  { key: 'watchlist', label: 'Add a title to your watchlist', points: 5 },
  { key: 'social', label: 'Link a social profile', points: 10 },
] as const;
export type CompletenessKey = (typeof COMPLETENESS_STEPS)[number]['key'];
export const COMPLETENESS_MIN_GENRES = 3;
export const COMPLETENESS_MIN_FAVORITES = 5;

const completenessStepSchema = z.object({
  key: z.enum(COMPLETENESS_STEPS.map((s) => s.key) as [CompletenessKey, ...CompletenessKey[]]),
  label: z.string(),
  points: z.number().int(),
  done: z.boolean(),
});

export const dashboardSchema = z
  .object({
    /** The name in 'Welcome back, {name}': the full name, else the username. */
    name: z.string(),
    username: z.string(),
    counts: z.object({ favorites: z.number().int(), watchlist: z.number().int(), followers: z.number().int(), following: z.number().int() }),
    completeness: z.object({ score: z.number().int().min(0).max(100), steps: z.array(completenessStepSchema) }),
    /** People You Might Like (ruling 23): top matches not followed, then people sharing favorite genres. */
    suggestions: z.array(
      z.object({
        user: matchUserSchema,
        reason: z.enum(['match', 'genres']),
        /** Set for a match. */
        matchPercentage: z.number().int().nullable(),
        sharedGenres: z.array(z.string()),
      }),
    ),
  })
  .meta({ id: 'Dashboard' });
export type Dashboard = z.output<typeof dashboardSchema>;
export type Suggestion = Dashboard['suggestions'][number];
