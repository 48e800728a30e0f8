import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { TRUST_DEVICE_SECONDS, TWO_FACTOR_ATTEMPTS, TWO_FACTOR_LOCK_SECONDS, TWO_FACTOR_TEXT } from '../../../shared/two-factor';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { user, verification } from '../../db/schema';
import type { MailOutbox } from '../../integrations/mail';
import type { Logger } from '../../logger';
import { deviceName, rememberDevice } from './known-devices';
import { type SecurityEvent, securityMail } from './mails';

/**
 * The Better Auth plugins of account security, added to auth.ts in one line:
 *
 * - Better Auth's two-factor plugin (issue 20, part 3; decision 043): TOTP with ten one-time
 *   backup codes, 'Trust this device for 30 days', and a lock after five wrong codes in a row
 *   (per account, across sign-in attempts, for 15 minutes; each sign-in attempt also allows five).
 * - Our security mails (issue 20, part 6; decision 045; new backup codes too), told from the outcome of Better Auth's
 *   own routes, after the two-factor plugin has had its say on a sign-in.
 */
export function securityPlugins(deps: { config: Config; database: DatabaseHandle; mail: MailOutbox; logger: Logger }): BetterAuthPlugin[] {
  return [
    twoFactor({
      issuer: 'Reelmates',
      trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
      accountLockout: { enabled: true, maxFailedAttempts: TWO_FACTOR_ATTEMPTS, durationSeconds: TWO_FACTOR_LOCK_SECONDS },
      backupCodeOptions: { amount: 10, length: 10 },
    }),
    securityMails(deps),
  ];
}

/** Paths whose new session is a sign-in. The passkey paths are the passkey plugin's, when it is there. */
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/sign-in/passkey', '/passkey/verify-authentication']);
/** Second steps of a sign-in: a sign-in only when the request carries the pending sign-in's cookie (else it is the setup's confirmation). */
const SECOND_STEP_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
const WATCHED = new Set([
  ...SIGN_IN_PATHS,
  ...SECOND_STEP_PATHS,
  '/verify-email',
  '/change-password',
  '/reset-password',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
]);

/** What the two-factor plugin's refusals say, in our words. */
const REWORDED: Record<string, { status: 'UNAUTHORIZED' | 'TOO_MANY_REQUESTS'; code: string; message: string }> = {
  INVALID_CODE: { status: 'UNAUTHORIZED', code: 'INVALID_CODE', message: TWO_FACTOR_TEXT.invalidCode },
  INVALID_BACKUP_CODE: { status: 'UNAUTHORIZED', code: 'INVALID_BACKUP_CODE', message: TWO_FACTOR_TEXT.invalidBackupCode },
  ACCOUNT_TEMPORARILY_LOCKED: { status: 'TOO_MANY_REQUESTS', code: 'TWO_FACTOR_LOCKED', message: TWO_FACTOR_TEXT.limited },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { status: 'TOO_MANY_REQUESTS', code: 'TWO_FACTOR_LOCKED', message: TWO_FACTOR_TEXT.limited },
  INVALID_TWO_FACTOR_COOKIE: { status: 'UNAUTHORIZED', code: 'TWO_FACTOR_EXPIRED', message: TWO_FACTOR_TEXT.expired },
};

type Pending = { kind: 'reset'; userId: string } | { kind: 'email'; userId: string; from: string; to: string };

interface HookUser {
  id: string;
  email: string;
  twoFactorEnabled?: boolean | null;
}

function securityMails(deps: { config: Config; database: DatabaseHandle; mail: MailOutbox; logger: Logger }): BetterAuthPlugin {
  const db = deps.database.db;
  const settingsUrl = new URL('/settings#devices', deps.config.appUrl ?? `http://localhost:${deps.config.port}`).toString();
  /** What a route's before hook saw, for its after hook (the token it reads is gone by then). */
  const pending = new WeakMap<Request, Pending>();

  const tell = async (to: string, event: SecurityEvent) => {
    try {
      await deps.mail.enqueue(securityMail(to, event, settingsUrl));
    } catch (error) {
      // The change itself is done; a mail that could not be queued must not turn it into an error.
      deps.logger.error({ err: error, kind: event.kind }, 'security mail not queued');
    }
  };
  const emailOf = async (userId: string) => (await db.select({ email: user.email }).from(user).where(eq(user.id, userId)))[0]?.email;

  return {
    id: 'reelmates-security-mails',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/reset-password' || ctx.path === '/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.request) return;
            if (ctx.path === '/reset-password') {
              const token = typeof ctx.body?.token === 'string' ? ctx.body.token : '';
              if (!token) return;
              const [row] = await db
                .select({ value: verification.value })
                .from(verification)
                .where(eq(verification.identifier, `reset-password:${token}`));
              if (row) pending.set(ctx.request, { kind: 'reset', userId: row.value });
              return;
            }
            // An e-mail change's confirmation link: a JWT whose payload names the account, its
            // address and the new one. Read (not trusted) here; the after hook acts only if the
            // address really changed during the request.
            const change = emailChangeOf(typeof ctx.query?.token === 'string' ? ctx.query.token : '');
            if (!change) return;
            if ((await emailOf(change.userId))?.toLowerCase() === change.from.toLowerCase()) pending.set(ctx.request, { kind: 'email', ...change });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => WATCHED.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            const failed = returned instanceof APIError;
            if (failed) {
              const body = returned.body as { code?: string } | undefined;
              const reworded = body?.code ? REWORDED[body.code] : undefined;
              if (reworded && SECOND_STEP_PATHS.has(ctx.path)) {
                throw new APIError(reworded.status, { code: reworded.code, message: reworded.message }, returned.headers);
              }
            }
            const state = ctx.request ? pending.get(ctx.request) : undefined;
            const created = ctx.context.newSession as { user: HookUser; session: { userAgent?: string | null } } | null;

            if (ctx.path === '/verify-email') {
              if (state?.kind === 'email' && (await emailOf(state.userId))?.toLowerCase() === state.to.toLowerCase()) {
                await tell(state.from, { kind: 'email-changed', newEmail: state.to });
              }
              // The sign-in that follows sign-up: its device is the account's first, remembered silently.
              if (created) await rememberDevice(db, created.user.id, deviceName(created.session.userAgent));
              return;
            }
            if (ctx.path === '/reset-password') {
              if (!failed && state?.kind === 'reset') {
                const email = await emailOf(state.userId);
                if (email) await tell(email, { kind: 'password-changed' });
              }
              return;
            }
            if (failed) return;
            if (ctx.path === '/change-password') {
              const changed = (returned as { user?: HookUser } | undefined)?.user ?? created?.user;
              if (changed) await tell(changed.email, { kind: 'password-changed' });
              if (created) await rememberDevice(db, created.user.id, deviceName(created.session.userAgent));
              return;
            }
            if (ctx.path === '/two-factor/generate-backup-codes') {
              // New backup codes replace the old ones: told, as a thief keeping a way in would do it.
              const owner = (ctx.context.session as { user?: HookUser } | null)?.user;
              if (owner) await tell(owner.email, { kind: 'backup-codes-replaced' });
              return;
            }
            if (ctx.path === '/two-factor/disable') {
              if (created) await tell(created.user.email, { kind: 'two-factor-off' });
              return;
            }
            if (!created) return; // a sign-in still waiting for its second step, or nothing made
            const device = deviceName(created.session.userAgent);
            let signIn = SIGN_IN_PATHS.has(ctx.path);
            if (SECOND_STEP_PATHS.has(ctx.path)) {
              const pendingSignIn = await ctx.getSignedCookie(ctx.context.createAuthCookie('two_factor').name, ctx.context.secret);
              signIn = !!pendingSignIn;
              // Without it, this was the code that confirmed the setup: two-factor sign-in is now on.
              if (!signIn && created.user.twoFactorEnabled) await tell(created.user.email, { kind: 'two-factor-on' });
            }
            const isNew = await rememberDevice(db, created.user.id, device);
            if (signIn && isNew) await tell(created.user.email, { kind: 'new-device', device });
          }),
        },
      ],
    },
  };
}

/** The account, its address and the new one, from an e-mail change's confirmation token (a JWT); null for anything else. */
export function emailChangeOf(token: string): { userId: string; from: string; to: string } | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const payload = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as { email?: unknown; updateTo?: unknown; userId?: unknown };
    if (typeof payload.email !== 'string' || typeof payload.updateTo !== 'string' || typeof payload.userId !== 'string') return null;
    return { userId: payload.userId, from: payload.email, to: payload.updateTo };
  } catch {
    return null;
  }
}
