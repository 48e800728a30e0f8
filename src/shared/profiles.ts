import { z } from 'zod';

/**
 * A profile as the API answers it (spec 000 §2, §3; docs/product-rules.md ruling 9). Zod only: it
 * runs in the browser too. The schemas are the response contract of src/shared/api/profiles.ts and
 * the types the web reads.
 */

/** A profile is per viewer and changes with every follow: never stored by a browser or a proxy. */
export const PROFILE_CACHE_CONTROL = 'private, no-store';

export const notifyPreferenceSchema = z.enum(['none', 'popup', 'email', 'both']);
export type NotifyPreference = z.output<typeof notifyPreferenceSchema>;

/** The six links as stored: a normalised http(s) URL or null (ruling 11). */
export const socialLinksSchema = z
  .object({
    instagramUrl: z.string().nullable(),
    facebookUrl: z.string().nullable(),
    youtubeUrl: z.string().nullable(),
    tiktokUrl: z.string().nullable(),
    twitterUrl: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
  })
  .meta({ id: 'SocialLinks' });
export type SocialLinks = z.output<typeof socialLinksSchema>;

export const currentlyWatchingSchema = z
  .object({ mediaId: z.number().int(), mediaType: z.enum(['movie', 'tv']), title: z.string(), posterPath: z.string().nullable(), setAt: z.string() })
  .meta({ id: 'CurrentlyWatching' });
export type CurrentlyWatching = z.output<typeof currentlyWatchingSchema>;

/** What anyone may see of a profile, whoever looks. Hidden sections are null, not merely flagged. */
const headerShape = {
  id: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  createdAt: z.string(),
  foundingMember: z.boolean(),
  /** A member of the demo community (`npm run seed`, decision 040): shown with a Demo badge. */
  isDemo: z.boolean(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  /** null when the viewer may not see the favorites (ruling 9). */
  favoritesCount: z.number().int().nullable(),
  /** null when the viewer may not see the watchlist (ruling 9). */
  watchlistCount: z.number().int().nullable(),
  /** Whether the signed-in viewer follows this user (false for guests and on one's own profile). */
  viewerFollows: z.boolean(),
  /** Whether the signed-in viewer blocked this user (issue 20; false for guests and on one's own profile). */
  viewerBlocks: z.boolean(),
  /** Whether the signed-in viewer muted this user (issue 20; false for guests and on one's own profile). */
  viewerMutes: z.boolean(),
  socialLinks: socialLinksSchema,
  isPrivate: z.boolean(),
  boostExpiresAt: z.string().nullable(),
  /** null when hidden by is_private or show_currently_watching, or when nothing is set. */
  currentlyWatching: currentlyWatchingSchema.nullable(),
  /** Which list sections the viewer may see. */
  visible: z.object({ favorites: z.boolean(), watchlist: z.boolean(), currentlyWatching: z.boolean(), forums: z.boolean() }),
};

/**
 * Someone else's profile (a guest's, another user's or an admin's view). Strict: the owner's
 * settings (notify_on_*, show_*, favorite genres, last boost) never reach anyone else, and the
 * response check of the API tests fails if they do.
 */
export const publicProfileSchema = z.strictObject({ ...headerShape, isOwn: z.literal(false) }).meta({ id: 'PublicProfile' });
export type PublicProfile = z.output<typeof publicProfileSchema>;

/** The owner's own view adds the settings that only they may read. */
export const ownProfileSchema = z
  .strictObject({
    ...headerShape,
    isOwn: z.literal(true),
    favoriteGenres: z.array(z.string()),
    showFavorites: z.boolean(),
    showWatchlist: z.boolean(),
    showCurrentlyWatching: z.boolean(),
    notifyOnFollow: notifyPreferenceSchema,
    notifyOnFavorite: notifyPreferenceSchema,
    notifyOnMessage: notifyPreferenceSchema,
    notifyOnMatch: notifyPreferenceSchema,
    notifyOnForum: notifyPreferenceSchema,
    lastBoostUsedAt: z.string().nullable(),
  })
  .meta({ id: 'OwnProfile' });
export type OwnProfile = z.output<typeof ownProfileSchema>;

/** GET /api/profiles/{id} and /api/profiles/by-username/{username}: which one `isOwn` says. */
export const profileViewSchema = z.discriminatedUnion('isOwn', [publicProfileSchema, ownProfileSchema]).meta({ id: 'ProfileView' });
export type ProfileView = z.output<typeof profileViewSchema>;
