import { z } from 'zod';
import { text } from './text';

/** The signed-in devices card in Settings (issue 20, part 5): each session, the current one marked. */

export const SESSION_TEXT = {
  title: 'Signed-in devices',
  description: 'Where your account is signed in. Sign out a device you do not recognise.',
  current: 'This device',
  signOut: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  signedOut: 'Device signed out',
  signedOutOthers: (n: number) => (n === 1 ? '1 other device signed out' : `${n} other devices signed out`),
  noOthers: 'No other device is signed in.',
  loadFailed: 'Could not load your devices.',
  notFound: 'That device is not signed in any more.',
  signOutFailed: 'Could not sign out the device. Please try again.',
} as const;

export const sessionViewSchema = z
  .object({
    id: z.string(),
    /** From the browser's user agent, such as "Chrome 131"; "Unknown browser" when it says nothing useful. */
    browser: z.string(),
    /** Such as "macOS", "Android"; "Unknown system" when unknown. */
    os: z.string(),
    device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
    signedInAt: z.string(),
    /** When the session was last extended or used to sign in (Better Auth moves it at most daily). */
    lastActiveAt: z.string(),
    current: z.boolean(),
  })
  .meta({ id: 'SessionView' });
export type SessionView = z.output<typeof sessionViewSchema>;

export const sessionListSchema = z.object({ sessions: z.array(sessionViewSchema) }).meta({ id: 'SessionList' });
export type SessionList = z.output<typeof sessionListSchema>;

export const sessionParamsSchema = z.strictObject({ id: text().min(1).max(100) });

export const signOutOthersResultSchema = z.object({ signedOut: z.number().int() }).meta({ id: 'SignOutOthersResult' });
