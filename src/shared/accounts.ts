import { z } from 'zod';
import { text } from './text';

/** Ruling 3: one password policy for sign-up, settings and the reset page. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (p: string) => p.length >= PASSWORD_MIN },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'One special character (!@#$%^&* and similar)', test: (p: string) => /[^A-Za-z0-9\s]/.test(p) },
] as const;

// Words at the heart of the most common passwords; "P@ssw0rd1!" passes the character rules but not this.
const COMMON_CORES = new Set([
  'password',
  'passwort',
  'qwerty',
  'qwertyuiop',
  'asdf',
  'asdfgh',
  'zxcvbn',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'iloveyou',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'soccer',
  'hockey',
  'sunshine',
  'princess',
  'login',
  'master',
  'hello',
  'freedom',
  'whatever',
  'trustno',
  'starwars',
  'shadow',
  'superman',
  'batman',
  'michael',
  'charlie',
  'abc',
  'abcd',
  'abcdef',
  'changeme',
  'secret',
  'reelmates',
  'movie',
  'movies',
  'netflix',
  'summer',
  'winter',
  'spring',
  'autumn',
  'test',
  'tester',
  'guest',
  'user',
]);

function leetCore(p: string): string {
  const map: Record<string, string> = { '@': 'a', '4': 'a', '0': 'o', '1': 'i', '!': 'i', '3': 'e', $: 's', '5': 's', '7': 't' };
  // Decorations people add at the ends ("Password1!", "!Qwerty2024") do not make a word less common.
  const trimmed = p.toLowerCase().replace(/^[^a-z@$]+|[^a-z]+$/g, '');
  const translated = trimmed.replace(/[@40!13$57]/g, (ch) => map[ch] ?? ch);
  return translated.replace(/[^a-z]/g, '');
}

export function isCommonPassword(p: string): boolean {
  const core = leetCore(p);
  const plain = p.toLowerCase().replace(/[^a-z]/g, '');
  return COMMON_CORES.has(core) || COMMON_CORES.has(plain) || /^(.)\1+$/.test(core);
}

export function missingPasswordRules(p: string): string[] {
  return PASSWORD_RULES.filter((r) => !r.test(p)).map((r) => r.label);
}

/**
 * Every problem with a password, as messages. The spec's sign-up wording lists the missing rules;
 * the extra checks of ruling 3 (length cap, common, contains the username) have their own messages.
 */
export function passwordProblems(p: string, username?: string): string[] {
  const problems: string[] = [];
  const missing = missingPasswordRules(p);
  if (missing.length) problems.push(`Password requirements not met: ${missing.join(', ')}`);
  if (p.length > PASSWORD_MAX) problems.push(`Password must be no more than ${PASSWORD_MAX} characters long.`);
  if (!missing.length && isCommonPassword(p)) problems.push('This password is too common. Please choose a less guessable one.');
  if (username && username.length >= 3 && p.toLowerCase().includes(username.toLowerCase())) problems.push('Password must not contain your username.');
  return problems;
}

/** Settings wording of the same policy (spec 000 §5). */
export function settingsPasswordProblems(p: string, username?: string): string[] {
  if (p.length < PASSWORD_MIN) return ['Password must be at least 8 characters long.'];
  if (missingPasswordRules(p).length) return ['Password must contain uppercase, lowercase, number, and special character.'];
  return passwordProblems(p, username);
}

export const USERNAME_SIGNUP_MAX = 30;
export const USERNAME_PROFILE_MAX = 50;

/** Route names and words that would shadow a page at /{username} (ruling 2). */
export const RESERVED_USERNAMES = new Set([
  'admin',
  'administrator',
  'api',
  'dev',
  'auth',
  'help',
  'support',
  'settings',
  'movie',
  'tv',
  'discover',
  'search',
  'matches',
  'details',
  'profile',
  'messages',
  'message',
  'notifications',
  'pricing',
  'billing',
  'contact',
  'privacy',
  'terms',
  'cookies',
  'dmca',
  'assets',
  'static',
  'www',
  'root',
  'reelmates',
  'system',
  'null',
  'undefined',
  'me',
  'user',
  'users',
  'login',
  'logout',
  'signup',
  'signin',
  'register',
  'moderator',
  'staff',
  'favicon',
  'robots',
  'forum',
  'forums',
]);

/** Sign-up username rules with the spec's messages, in the order the spec lists them. */
export function usernameProblems(name: string, max = USERNAME_SIGNUP_MAX): string[] {
  const problems: string[] = [];
  if (name.length < 3) problems.push('Username must be at least 3 characters long');
  if (name.length > max) problems.push(`Username must be no more than ${max} characters long`);
  if (!/^[A-Za-z0-9_]*$/.test(name)) problems.push('Username can only contain letters, numbers, and underscores');
  if (/^[0-9]/.test(name)) problems.push('Username cannot start with a number');
  if (!problems.length && RESERVED_USERNAMES.has(name.toLowerCase())) problems.push('This username is reserved. Please choose another one.');
  return problems;
}

export const emailSchema = text().trim().toLowerCase().max(254, 'Please enter a valid email address.').pipe(z.email('Please enter a valid email address.'));

/** Whether a form's strings arrived, so its cross-field checks may run although another field failed. */
const stringsIn = (value: unknown, keys: string[]) => typeof value === 'object' && value !== null && keys.every((k) => typeof (value as Record<string, unknown>)[k] === 'string');

/**
 * The sign-up form and POST /api/accounts/sign-up. The username and password checks run even when
 * another field (a checkbox) failed, so the form shows every problem at once.
 */
export const signUpSchema = z
  .strictObject({
    email: text().trim().min(1, 'Please enter your email address.').pipe(emailSchema),
    password: text().max(PASSWORD_MAX + 1),
    username: text().trim(),
    fullName: text().trim().max(50, 'Full name must be at most 50 characters.').optional().default(''),
    acceptTerms: z.literal(true, 'You must agree to the Terms of Service.'),
    acceptPrivacy: z.literal(true, 'You must agree to the Privacy Policy.'),
  })
  .superRefine(
    (v, ctx) => {
      const u = usernameProblems(v.username);
      if (u.length) ctx.addIssue({ code: 'custom', path: ['username'], message: u.join('. ') });
      for (const message of passwordProblems(v.password, v.username)) ctx.addIssue({ code: 'custom', path: ['password'], message });
      if (v.fullName && v.fullName.length < 2) ctx.addIssue({ code: 'custom', path: ['fullName'], message: 'Full name must be at least 2 characters.' });
    },
    { when: (payload) => stringsIn(payload.value, ['username', 'password']) },
  );
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.strictObject({
  email: emailSchema,
  password: text()
    .min(1, 'Please enter your password.')
    .max(PASSWORD_MAX + 1),
});

/** The "forgot password" form: the address a reset link goes to. */
export const resetRequestSchema = z.object({ email: emailSchema });

/** The password reset page (product rule 3), with the reset page's own wording for a mismatch. */
export const passwordResetSchema = z
  .object({
    password: text().superRefine((p, ctx) => {
      const [first] = passwordProblems(p);
      if (first) ctx.addIssue({ code: 'custom', message: first });
    }),
    confirm: text(),
  })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], message: 'Passwords do not match', when: (payload) => stringsIn(payload.value, ['password', 'confirm']) });

/** GET /api/accounts/username-available: whose rules apply (sign-up by default, or the settings profile form). */
export const usernameCheckQuerySchema = z.object({
  username: text().max(60),
  form: z.enum(['sign-up', 'profile']).optional().describe('Whose rules: sign-up (default) or the settings profile form'),
});
export const usernameAvailabilitySchema = z.object({ available: z.boolean(), problems: z.array(z.string()) }).meta({ id: 'UsernameAvailability' });
export type UsernameAvailability = z.output<typeof usernameAvailabilitySchema>;

/** GET /api/accounts/reset-token: the reset page asks before showing its form. */
export const resetTokenQuerySchema = z.object({ token: text().min(1).max(200) });
export const resetTokenStateSchema = z.object({ valid: z.boolean() });

/** POST /api/accounts/delete: the user types DELETE to confirm (spec 000 §5). A string first, so the Danger Zone form can start empty. */
export const DELETE_CONFIRMATION_MESSAGE = "Please type 'DELETE' to confirm account deletion";
export const deleteAccountSchema = z.strictObject({ confirm: z.string().pipe(z.literal('DELETE', DELETE_CONFIRMATION_MESSAGE)) });

/** GET /api/profiles/search: people by username or full name, 10 results. */
export const profileSearchQuerySchema = z.object({
  q: text().trim().min(1).max(50),
  /** 10 people a page; /search's Users section pages with Load More. */
  page: z.coerce
    .number({ message: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be from 1 to 50')
    .max(50, 'page must be from 1 to 50')
    .default(1),
});
export const profileSearchResultSchema = z
  .object({ id: z.string(), username: z.string(), fullName: z.string().nullable(), avatarUrl: z.string().nullable() })
  .meta({ id: 'ProfileSearchResult' });
export type ProfileSearchResult = z.output<typeof profileSearchResultSchema>;
export const profileSearchResultsSchema = z.object({ results: z.array(profileSearchResultSchema), hasMore: z.boolean() });
