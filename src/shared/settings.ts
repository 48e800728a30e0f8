import { z } from 'zod';
import { deleteAccountSchema, emailSchema, RESERVED_USERNAMES, settingsPasswordProblems, USERNAME_PROFILE_MAX } from './accounts';
import { ALL_GENRES } from './catalogue';
import type { NotifyPreference } from './profiles';
import { text } from './text';

/** Settings (spec 000 §2, §5, §8): the rules the form and PATCH /api/me/profile share. */

export const FULL_NAME_MIN = 2;
export const FULL_NAME_MAX = 50;
export const BIO_MAX = 160;

/** Ruling 10: PNG or JPEG, at most 2 MB, checked from the content on the server. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg'] as const;

/** The profile form's username rules (3 to 50; no leading-digit rule, unlike sign-up), with ruling 2's reserved names. */
export function profileUsernameProblems(name: string): string[] {
  if (name.length < 3) return ['Username must be at least 3 characters.'];
  if (name.length > USERNAME_PROFILE_MAX) return [`Username must be no more than ${USERNAME_PROFILE_MAX} characters.`];
  if (!/^[A-Za-z0-9_]+$/.test(name)) return ['Username can only contain letters, numbers, and underscores.'];
  if (RESERVED_USERNAMES.has(name.toLowerCase())) return ['This username is reserved. Please choose another one.'];
  return [];
}

/** An absolute http(s) URL, or a path on our own server (uploads served by us). */
export function isUrlOrOwnPath(value: string): boolean {
  if (value.startsWith('/')) return /^\/[A-Za-z0-9._~\-/]*$/.test(value) && !value.startsWith('//') && !value.includes('..');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const profileFormSchema = z.strictObject({
  fullName: text()
    .trim()
    .max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters.`)
    .refine((v) => v === '' || v.length >= FULL_NAME_MIN, 'Full name must be at least 2 characters.'),
  username: text()
    .trim()
    .max(USERNAME_PROFILE_MAX + 10, `Username must be no more than ${USERNAME_PROFILE_MAX} characters.`)
    .superRefine((v, ctx) => {
      for (const message of profileUsernameProblems(v)) ctx.addIssue({ code: 'custom', message });
    })
    // "lowercased on save"
    .transform((v) => v.toLowerCase()),
  bio: text().trim().max(BIO_MAX, 'Bio cannot be longer than 160 characters.'),
  avatarUrl: text()
    .trim()
    .max(500, 'Invalid URL.')
    .refine((v) => v === '' || isUrlOrOwnPath(v), 'Invalid URL.'),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.output<typeof profileFormSchema>;

/** PATCH /api/me/profile: any of the form's fields; an empty fullName, bio or avatarUrl clears it. */
export const profileUpdateSchema = profileFormSchema.partial();

export const FAVORITE_GENRES_MAX = ALL_GENRES.length;
const GENRE_NAME_SET = new Set(ALL_GENRES.map((g) => g.name));
export const FAVORITE_GENRE_NAMES: readonly string[] = ALL_GENRES.map((g) => g.name);

/** PUT /api/me/favorite-genres: names from the genre table, deduplicated, bounded. */
export const favoriteGenresSchema = z.strictObject({
  genres: z
    .array(
      text()
        .max(40)
        .refine((g) => GENRE_NAME_SET.has(g), 'Unknown genre.'),
    )
    .max(FAVORITE_GENRES_MAX, 'Too many genres.')
    .transform((list) => [...new Set(list)]),
});

export const NOTIFY_PREFERENCES = ['none', 'popup', 'email', 'both'] as const satisfies readonly NotifyPreference[];
const notifyPreference = z.enum(NOTIFY_PREFERENCES, 'Choose none, popup, email or both.');

export const NOTIFY_SETTINGS = [
  { key: 'notifyOnFollow', label: 'New followers', description: 'When someone follows you.' },
  { key: 'notifyOnFavorite', label: 'Favorites', description: 'When someone you follow adds a favorite.' },
  { key: 'notifyOnMessage', label: 'Messages', description: 'When you receive a new message.' },
  { key: 'notifyOnMatch', label: 'Matches', description: 'When you have a new match.' },
  { key: 'notifyOnForum', label: 'Forum activity', description: 'Replies, likes and mentions in the forums, and new threads by people you follow.' },
] as const;

export const PRIVACY_SETTINGS = [
  {
    key: 'isPrivate',
    label: 'Private account',
    description: 'Only you can see your favorites, watchlist, currently watching and forum activity.',
    on: 'Your account is now private.',
    off: 'Your account is now public.',
  },
  {
    key: 'showFavorites',
    label: 'Show favorites',
    description: 'Others can see your favorite movies and shows.',
    on: 'Your favorites are now visible.',
    off: 'Your favorites are now hidden.',
  },
  { key: 'showWatchlist', label: 'Show watchlist', description: 'Others can see your watchlist.', on: 'Your watchlist is now visible.', off: 'Your watchlist is now hidden.' },
  {
    key: 'showCurrentlyWatching',
    label: 'Show currently watching',
    description: 'Others can see what you are watching now.',
    on: 'Your currently watching is now visible.',
    off: 'Your currently watching is now hidden.',
  },
] as const;

export type NotifySettingKey = (typeof NOTIFY_SETTINGS)[number]['key'];
export type PrivacySettingKey = (typeof PRIVACY_SETTINGS)[number]['key'];

/** Every notification preference and privacy switch of a profile. */
export const settingsStateSchema = z.strictObject({
  notifyOnFollow: notifyPreference,
  notifyOnFavorite: notifyPreference,
  notifyOnMessage: notifyPreference,
  notifyOnMatch: notifyPreference,
  notifyOnForum: notifyPreference,
  isPrivate: z.boolean(),
  showFavorites: z.boolean(),
  showWatchlist: z.boolean(),
  showCurrentlyWatching: z.boolean(),
});

/** PATCH /api/me/settings: one or more notification or privacy switches. */
export const settingsUpdateSchema = settingsStateSchema.partial().refine((v) => Object.keys(v).length > 0, 'Nothing to update.');
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
export type SettingsView = z.output<typeof settingsViewSchema>;

// ---- Answers (src/shared/api/settings.ts) ----

/** The notification preferences and privacy switches as saved (PATCH /api/me/settings). */
export const settingsViewSchema = settingsStateSchema.meta({ id: 'Settings' });

/** POST /api/me/avatar: one file field, checked from its content on the server (ruling 10). */
export const avatarUploadSchema = z.object({
  file: z.file('Please choose an image to upload.').meta({ type: 'string', format: 'binary', description: 'A PNG or JPEG image, at most 2 MB' }),
});

/** The uploaded picture's URL; it becomes the avatar when saved with PATCH /api/me/profile. */
export const avatarUploadResultSchema = z.object({ url: z.string() }).meta({ id: 'AvatarUpload' });
export type AvatarUploadResult = z.output<typeof avatarUploadResultSchema>;

export const favoriteGenresResultSchema = z.object({ genres: z.array(z.string()) }).meta({ id: 'FavoriteGenres' });

/**
 * The names the storage gives uploads in a user's folder: `{16 hex of the SHA-256 of the stored bytes}.{ext}`
 * (a name is never reused for other bytes, so a picture is cached for good), or `{timestamp}.{ext}` for
 * pictures uploaded before names carried the hash. Nothing else is ever stored or served.
 */
export const UPLOAD_FILE_NAME = /^(?:[0-9a-f]{16}|\d{1,16})\.(?:png|jpg)$/;
export const UPLOAD_USER_FOLDER = /^[A-Za-z0-9_-]{1,64}$/;

/** GET /api/uploads/{userId}/{file}. */
export const uploadParamsSchema = z.object({
  userId: z.string().regex(UPLOAD_USER_FOLDER),
  file: z.string().regex(UPLOAD_FILE_NAME),
});

// ---- The account cards' forms (their requests go to Better Auth and POST /api/accounts/delete) ----

/** Change Email: a valid address that is not the current one (compared lowercased, as stored). */
export const emailChangeFormSchema = (current: string) =>
  z.strictObject({ newEmail: emailSchema.refine((v) => v !== current.toLowerCase(), 'This is already your email address.') });
export type EmailChangeFormInput = z.input<ReturnType<typeof emailChangeFormSchema>>;
export type EmailChangeFormOutput = z.output<ReturnType<typeof emailChangeFormSchema>>;

/** Change Password: the current one, a new one by the settings rules (not the username), typed twice. */
export const passwordChangeFormSchema = (username: string) =>
  z
    .strictObject({
      currentPassword: text().min(1, 'Please enter your current password.'),
      newPassword: text().superRefine((v, ctx) => {
        const [problem] = settingsPasswordProblems(v, username);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      confirmPassword: text(),
    })
    .superRefine((v, ctx) => {
      if (v.confirmPassword !== v.newPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: "Passwords don't match." });
    });
export type PasswordChangeForm = z.output<ReturnType<typeof passwordChangeFormSchema>>;

/** The Danger Zone: the word DELETE, typed; the form validates with the route's own body schema. */
export { DELETE_CONFIRMATION_MESSAGE } from './accounts';
export const deleteAccountFormSchema = deleteAccountSchema;
export type DeleteAccountFormInput = z.input<typeof deleteAccountFormSchema>;
export type DeleteAccountForm = z.output<typeof deleteAccountFormSchema>;
