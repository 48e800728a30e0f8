import { z } from 'zod';

/**
 * Two-factor sign-in (issue 20, part 3; decision 043): the Settings card, the code step of /auth,
 * and the answers the server gives about it. The work itself is Better Auth's two-factor plugin
 * (/api/auth/two-factor/*); our one route says whether it is on and whether this account must use it.
 */

export const TWO_FACTOR_TEXT = {
  title: 'Two-factor authentication',
  description: 'Ask for a code from an authenticator app after your password when you sign in.',
  on: 'On',
  off: 'Off',
  enabledNote: 'Your account asks for a code from your authenticator app when you sign in.',
  disabledNote: 'Add a second step to sign-in: a 6-digit code from an authenticator app such as Google Authenticator, 1Password or Aegis.',
  requiredNote: 'Your account is an admin account: admin tools need two-factor authentication. Turn it on to use them.',
  turnOn: 'Turn on two-factor authentication',
  turnOff: 'Turn off two-factor authentication',
  passwordLabel: 'Current password',
  passwordToStart: 'Enter your password to start.',
  passwordToStop: 'Enter your password to turn it off.',
  continue: 'Continue',
  cancel: 'Cancel',
  scanTitle: 'Scan this QR code',
  scanHelp: 'Scan it with your authenticator app, or type the key below into it. Then enter the 6-digit code the app shows.',
  qrLabel: 'QR code for your authenticator app',
  manualKey: 'Setup key',
  codeLabel: '6-digit code',
  verify: 'Verify and turn on',
  backupTitle: 'Save your backup codes',
  backupHelp: 'Each code signs you in once if you lose your authenticator app. They are shown only now: download them or write them down, and keep them somewhere safe.',
  download: 'Download codes (.txt)',
  done: 'I have saved my codes',
  regenerate: 'Generate new backup codes',
  passwordToRegenerate: 'Enter your password to get new backup codes. The codes you have now will stop working.',
  newCodesTitle: 'Save your new backup codes',
  newCodesHelp:
    'Your old backup codes no longer work. Each new code signs you in once if you lose your authenticator app. They are shown only now: download them or write them down, and keep them somewhere safe.',
  regenerated: 'New backup codes generated',
  turnedOn: 'Two-factor authentication is on',
  turnedOff: 'Two-factor authentication is off',
  wrongPassword: 'Your password is not correct.',
  wrongCode: 'That code is not correct. Check the time on your phone and try the newest code.',
  // Sign-in's second step on /auth.
  signInTitle: 'Enter your code',
  signInHelp: 'Open your authenticator app and enter the 6-digit code for Reelmates.',
  backupSignInHelp: 'Enter one of the backup codes you saved (your newest ones, if you generated new codes). Each code works once.',
  backupCodeLabel: 'Backup code',
  useBackupCode: 'Use a backup code',
  useAppCode: 'Use a code from your app',
  trustDevice: 'Trust this device for 30 days',
  signInVerify: 'Verify',
  startOver: 'Back to sign in',
  invalidCode: 'That code is not correct. Please try again.',
  invalidBackupCode: 'That backup code is not correct or was used already.',
  limited: 'Too many wrong codes. For your security, sign-in with a code is paused for 15 minutes. Please try again later.',
  expired: 'This sign-in took too long. Please sign in again with your password.',
  // REQUIRE_ADMIN_2FA
  adminRequired: 'Admin tools need two-factor authentication. Turn it on in Settings, under "Two-factor authentication", then try again.',
} as const;

/** Wrong codes in a row before two-factor sign-in is paused (per account, and per sign-in attempt). */
export const TWO_FACTOR_ATTEMPTS = 5;

/** How long a device stays trusted ('Trust this device for 30 days'), in seconds. */
export const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;

/** How long a wrong-code lock lasts, in seconds. */
export const TWO_FACTOR_LOCK_SECONDS = 15 * 60;

export const twoFactorStatusSchema = z
  .object({
    /** Two-factor sign-in is on for this account. */
    enabled: z.boolean(),
    /** This account is an admin and REQUIRE_ADMIN_2FA is set: admin routes need it on. */
    required: z.boolean(),
  })
  .meta({ id: 'TwoFactorStatus' });
export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;

/** The backup codes as a downloadable text file. */
export function backupCodesFile(codes: readonly string[], email: string): string {
  return [
    'Reelmates backup codes',
    `Account: ${email}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}
