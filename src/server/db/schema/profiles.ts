import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';

const notifyPref = (name: string) =>
  text(name, { enum: ['none', 'popup', 'email', 'both'] })
    .notNull()
    .default('both');

/** One profile per user (spec 000 §3). The username lives on `user` (Better Auth's username plugin). */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name'),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    foundingMember: boolean('founding_member').notNull().default(false),
    foundingNumber: integer('founding_number').unique(),
    followersCount: integer('followers_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    /** Rows in favorites / watchlist of this user, kept by statement triggers on those tables (migration backfill_list_counts). */
    favoritesCount: integer('favorites_count').notNull().default(0),
    watchlistCount: integer('watchlist_count').notNull().default(0),
    isBanned: boolean('is_banned').notNull().default(false),
    /** A member of the demo community (`npm run seed`, decision 040): shown with a Demo badge, never mailed, removed by `--reset`. */
    isDemo: boolean('is_demo').notNull().default(false),
    banReason: text('ban_reason'),
    favoriteGenres: text('favorite_genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPrivate: boolean('is_private').notNull().default(false),
    showFavorites: boolean('show_favorites').notNull().default(true),
    showWatchlist: boolean('show_watchlist').notNull().default(true),
    showCurrentlyWatching: boolean('show_currently_watching').notNull().default(true),
    notifyOnFollow: notifyPref('notify_on_follow'),
    notifyOnFavorite: notifyPref('notify_on_favorite'),
    notifyOnMessage: notifyPref('notify_on_message'),
    notifyOnMatch: notifyPref('notify_on_match'),
    notifyOnForum: notifyPref('notify_on_forum'),
    instagramUrl: text('instagram_url'),
    facebookUrl: text('facebook_url'),
    youtubeUrl: text('youtube_url'),
    tiktokUrl: text('tiktok_url'),
    twitterUrl: text('twitter_url'),
    linkedinUrl: text('linkedin_url'),
    boostExpiresAt: timestamp('boost_expires_at', { withTimezone: true }),
    lastBoostUsedAt: timestamp('last_boost_used_at', { withTimezone: true }),
    currentlyWatchingMediaId: integer('currently_watching_media_id'),
    currentlyWatchingMediaType: text('currently_watching_media_type', { enum: ['movie', 'tv'] }),
    currentlyWatchingTitle: text('currently_watching_title'),
    currentlyWatchingPosterPath: text('currently_watching_poster_path'),
    currentlyWatchingSetAt: timestamp('currently_watching_set_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('profiles_full_name_idx').on(sql`lower(${t.fullName})`),
    // The match search (decision 014): boosted users come first, and users with few favorites are looked up by count.
    index('profiles_boost_idx')
      .on(t.boostExpiresAt)
      .where(sql`${t.boostExpiresAt} IS NOT NULL`),
    index('profiles_favorites_count_idx').on(t.favoritesCount),
    index('profiles_demo_idx')
      .on(t.id)
      .where(sql`${t.isDemo}`),
    check('profiles_counts_non_negative', sql`${t.followersCount} >= 0 AND ${t.followingCount} >= 0`),
  ],
);

/** A single row counting founding spots taken; updated under a row lock, so never past the limit. */
export const foundingCounter = pgTable('founding_counter', {
  id: integer('id').primaryKey(),
  taken: integer('taken').notNull().default(0),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One row per (user, role): granting twice, or at once from two instances, keeps one.
  (t) => [index('user_roles_user_idx').on(t.userId), uniqueIndex('user_roles_user_role_idx').on(t.userId, t.role)],
);

export const blockedEmails = pgTable('blocked_emails', {
  email: text('email').primaryKey(),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = pgTable('subscriptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  subscribed: boolean('subscribed').notNull().default(false),
  subscriptionTier: text('subscription_tier', { enum: ['free', 'trial', 'premium'] })
    .notNull()
    .default('free'),
  billingInterval: text('billing_interval', { enum: ['monthly', 'yearly'] }),
  subscriptionStart: timestamp('subscription_start', { withTimezone: true }),
  subscriptionEnd: timestamp('subscription_end', { withTimezone: true }),
  trialStart: timestamp('trial_start', { withTimezone: true }),
  trialEnd: timestamp('trial_end', { withTimezone: true }),
  willCancelAtPeriodEnd: boolean('will_cancel_at_period_end').notNull().default(false),
  /** The billing provider's customer and subscription (Stripe's cus_/sub_, or the test checkout's). */
  customerId: text('customer_id').unique(),
  providerSubscriptionId: text('provider_subscription_id'),
  /** The provider's status of that subscription (active, past_due, canceled, ...). */
  providerStatus: text('provider_status'),
  /** When the provider produced the state last applied: older events are ignored (out-of-order delivery). */
  stateAt: timestamp('state_at', { withTimezone: true }),
  /** When the trial-ending mail was claimed (billing/trial-ending.ts): set once, by one sweep, in the mail's transaction. */
  trialEndingMailedAt: timestamp('trial_ending_mailed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for limits that must hold across server instances (per account, per user). */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});
