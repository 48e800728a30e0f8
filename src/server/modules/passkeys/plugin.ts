import { passkey } from '@better-auth/passkey';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { passkeyNameSchema } from '../../../shared/passkeys';
import type { Config } from '../../config';

/**
 * Better Auth's passkey plugin as Reelmates uses it (issue 20, part 4; decision 046): registering
 * a passkey (signed in, with a fresh session) and signing in with one, at
 * `/api/auth/passkey/generate-register-options`, `verify-registration`,
 * `generate-authenticate-options` and `verify-authentication`. The relying party comes from the
 * config (APP_URL; config/index.ts `relyingParty`). Listing, renaming and removing are our own
 * routes (modules/passkeys/routes.ts, in the route tables with the rest), so the plugin's own
 * endpoints for them are left out.
 */
export function passkeys(config: Config) {
  const plugin = passkey({
    rpID: config.passkeys.rpId,
    rpName: 'Reelmates',
    origin: config.passkeys.origin,
    // Discoverable: /auth signs in without asking who you are first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { listPasskeys, updatePasskey, deletePasskey, ...endpoints } = plugin.endpoints;
  return {
    ...plugin,
    endpoints,
    rateLimit: [
      // As tight as the password sign-in's: ten tries a minute from one address.
      { pathMatcher: (path: string) => path === '/passkey/verify-authentication' || path === '/passkey/verify-registration', window: 60, max: 10 },
      // Each options request stores a challenge, a visitor's too: fewer than Better Auth's default 120.
      { pathMatcher: (path: string) => path === '/passkey/generate-authenticate-options' || path === '/passkey/generate-register-options', window: 60, max: 30 },
    ],
    hooks: {
      before: [
        {
          // The name given at registration obeys the rename route's rule.
          matcher: (ctx: { path?: string }) => ctx.path === '/passkey/verify-registration',
          handler: createAuthMiddleware(async (ctx) => {
            const name = (ctx.body as { name?: unknown } | undefined)?.name;
            if (name === undefined) return;
            const parsed = passkeyNameSchema.safeParse(name);
            if (!parsed.success) throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid passkey name.', code: 'VALIDATION_FAILED' });
          }),
        },
      ],
      after: [
        {
          // The plugin answers a response it cannot verify (signed for another origin or relying
          // party, a malformed attestation) with a 500: the client's fault. The message is ours;
          // the status cannot be changed here (the handler's is kept), so auth-handler.ts answers
          // this code with a 400.
          matcher: (ctx: { path?: string }) => ctx.path === '/passkey/verify-registration',
          handler: createAuthMiddleware(async (ctx) => {
            // Duck-typed: the plugin's APIError may be another copy of the class than ours.
            const returned = ctx.context.returned as { statusCode?: unknown } | undefined;
            if (returned instanceof Error && returned.statusCode === 500) {
              throw new APIError('BAD_REQUEST', { message: 'This passkey could not be verified. Please try again at the app’s usual address.', code: 'PASSKEY_NOT_VERIFIED' });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
