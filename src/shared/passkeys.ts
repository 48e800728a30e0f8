import { z } from 'zod';
import { text } from './text';

/** Passkeys (issue 20, part 4): the Settings card, and signing in with one on /auth. */

export const PASSKEY_NAME_MAX = 50;

export const PASSKEY_TEXT = {
  title: 'Passkeys',
  description: 'Sign in with your fingerprint, face or device PIN instead of your password. Passkeys cannot be phished or guessed.',
  add: 'Add a passkey',
  adding: 'Waiting for your device…',
  added: 'Passkey added',
  none: 'You have no passkeys yet.',
  rename: 'Rename',
  save: 'Save',
  cancel: 'Cancel',
  renamed: 'Passkey renamed',
  remove: 'Remove',
  removed: 'Passkey removed',
  removeTitle: 'Remove this passkey?',
  removeDescription: 'You will not be able to sign in with it any more. The passkey may still be listed on your device; you can delete it there.',
  nameLabel: 'Passkey name',
  loadFailed: 'Could not load your passkeys.',
  notFound: 'That passkey does not exist any more.',
  failed: 'Something went wrong. Please try again.',
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey…',
  // What the browser or the server said, in words a person can act on.
  cancelled: 'The passkey request was cancelled or timed out. Please try again.',
  unsupported: 'This browser does not support passkeys. Sign in with your email and password instead.',
  alreadyRegistered: 'This device already has a passkey for your account.',
  wrongAddress: 'Passkeys only work at the address the app was set up for. Open the app at its usual address and try again.',
  notFresh: 'For your security, please sign out and sign in again before adding a passkey.',
  unknownPasskey: 'This passkey is not registered to any account here. It may have been removed; sign in with your email and password.',
} as const;

/** A passkey's name: what the owner calls it ("Work laptop"). */
export const passkeyNameSchema = text().trim().min(1, 'Please give the passkey a name.').max(PASSKEY_NAME_MAX, `Please keep the name to ${PASSKEY_NAME_MAX} characters or fewer.`);

export const passkeyViewSchema = z
  .object({
    id: z.string(),
    /** The owner's name for it, or, when it has none, the authenticator's provider or "Passkey". */
    name: z.string(),
    /** The password manager or platform that holds it, when its AAGUID is a known one ("Google Password Manager"). */
    provider: z.string().nullable(),
    /** Synced across the owner's devices (a multi-device credential that is backed up). */
    synced: z.boolean(),
    createdAt: z.string().nullable(),
  })
  .meta({ id: 'PasskeyView' });
export type PasskeyView = z.output<typeof passkeyViewSchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeyViewSchema) }).meta({ id: 'PasskeyList' });
export type PasskeyList = z.output<typeof passkeyListSchema>;

export const passkeyParamsSchema = z.strictObject({ id: text().min(1).max(100) });

export const passkeyRenameSchema = z.strictObject({ name: passkeyNameSchema }).meta({ id: 'PasskeyRename' });
export type PasskeyRename = z.output<typeof passkeyRenameSchema>;
