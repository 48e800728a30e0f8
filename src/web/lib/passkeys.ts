import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import { api, ApiError } from '@/lib/api';
import { PASSKEY_TEXT } from '@shared/passkeys';

/**
 * The browser's half of passkeys (issue 20, part 4; decision 046): WebAuthn through
 * @simplewebauthn/browser, against Better Auth's passkey plugin at /api/auth/passkey/*. Settings
 * registers one; /auth signs in with one. Every failure becomes a PasskeyError whose message a
 * person can act on.
 */

export class PasskeyError extends Error {}

export const passkeysSupported = () => browserSupportsWebAuthn();

/** What went wrong, in words: the browser refused or was cancelled, or the server said no. */
export function passkeyProblem(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'session_not_fresh') return PASSKEY_TEXT.notFresh;
    if (error.code === 'passkey_not_found') return PASSKEY_TEXT.unknownPasskey;
    if (error.status === 0 || error.status === 429 || error.code === 'validation_failed' || error.code === 'account_banned') return error.message;
    return PASSKEY_TEXT.failed;
  }
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_TEXT.alreadyRegistered;
    if (error.code === 'ERROR_INVALID_DOMAIN' || error.code === 'ERROR_INVALID_RP_ID') return PASSKEY_TEXT.wrongAddress;
    if (error.code === 'ERROR_CEREMONY_ABORTED') return PASSKEY_TEXT.cancelled;
  }
  if (error instanceof Error) {
    // The user closed the dialog, or it timed out (browsers do not say which, on purpose).
    if (error.name === 'NotAllowedError' || error.name === 'AbortError') return PASSKEY_TEXT.cancelled;
    if (error.name === 'SecurityError') return PASSKEY_TEXT.wrongAddress;
    if (error.name === 'InvalidStateError') return PASSKEY_TEXT.alreadyRegistered;
    if (error instanceof PasskeyError) return error.message;
  }
  return PASSKEY_TEXT.failed;
}

/** A name for a new passkey from the browser and system it was made on ("Chrome on Linux"). */
export function defaultPasskeyName(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'Browser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux|X11/.test(userAgent)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${system}`;
}

/** Creates a passkey on this device for the signed-in user and stores it under `name`. */
export async function registerPasskey(name: string): Promise<void> {
  if (!passkeysSupported()) throw new PasskeyError(PASSKEY_TEXT.unsupported);
  const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>('/api/auth/passkey/generate-register-options');
  const response = await startRegistration({ optionsJSON });
  await api('/api/auth/passkey/verify-registration', { method: 'POST', body: { response, name } });
}

/** Signs in with a passkey of this device (the browser offers the ones it has for this site). */
export async function signInWithPasskey(): Promise<void> {
  if (!passkeysSupported()) throw new PasskeyError(PASSKEY_TEXT.unsupported);
  const optionsJSON = await api<Parameters<typeof startAuthentication>[0]['optionsJSON']>('/api/auth/passkey/generate-authenticate-options');
  const response = await startAuthentication({ optionsJSON });
  await api('/api/auth/passkey/verify-authentication', { method: 'POST', body: { response } });
}
