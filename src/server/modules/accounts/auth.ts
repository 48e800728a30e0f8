import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { username } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblems, USERNAME_PROFILE_MAX } from '../../../shared/accounts';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import * as schema from '../../db/schema';
import type { MailOutbox } from '../../integrations/mail';
import type { Logger } from '../../logger';
import { hitDbLimit } from '../../http/db-rate-limit';
import type { EventBus } from '../../realtime/bus';
import { grantFromConfig } from '../admin/roles';
import { claimFoundingSpot } from './founding';
import { changeEmailMail, resetPasswordMail, verificationMail } from './mails';
import { passkeys } from '../passkeys/plugin';
import { bannedMessage } from './moderation';
import { securityPlugins } from '../security/plugin';
import { resolveAuthSecret } from './secret';
import { signInLimits } from './sign-in-limits';

/** Mails per account, whatever the address (sign-in has its own rules: sign-in-limits.ts). */
/**
 * Paths whose new session is a sign-in, where ADMIN_EMAILS is applied (ruling 27): the password and
 * a passkey. With two-factor on, the password path still sees the session the code step replaces.
 */
const SIGN_IN_PATHS = new Set(['/sign-in/email', '/passkey/verify-authentication']);

const PER_ACCOUNT_LIMITS: Record<string, { max: number; windowMs: number; message: string }> = {
  '/request-password-reset': {
    max: 3,
    windowMs: 15 * 60 * 1000,
    message: 'A reset link was sent several times already. Please check your inbox and spam folder, or try again later.',
  },
  '/send-verification-email': {
    max: 3,
    windowMs: 15 * 60 * 1000,
    message: 'A verification link was sent several times already. Please check your inbox and spam folder, or try again later.',
  },
};

/** The header our server sets with the client address it trusts (see routes: never the client's own). */
export const CLIENT_IP_HEADER = 'x-reelmates-client-ip';

export function createAuth(deps: { config: Config; database: DatabaseHandle; mail: MailOutbox; logger: Logger; events?: EventBus }) {
  const { config, database, mail } = deps;
  const db = database.db;
  const secret = resolveAuthSecret(config);
  const signIns = signInLimits(db, secret);
  /** The sign-in attempt of a request: its account and the client address our handler passed. */
  const attemptOf = (ctx: { body?: { email?: unknown }; headers?: Headers; request?: Request }) => ({
    email: String(ctx.body?.email ?? '')
      .trim()
      .toLowerCase(),
    address: ctx.headers?.get(CLIENT_IP_HEADER) ?? ctx.request?.headers.get(CLIENT_IP_HEADER) ?? 'unknown',
  });
  return betterAuth({
    appName: 'Reelmates',
    // Links in mails need an absolute base. With APP_URL it is fixed; offline it is the host the
    // request came to, but only a local one, so a forged Host header cannot point links elsewhere.
    baseURL: config.appUrl ?? { allowedHosts: ['localhost', 'localhost:*', '127.0.0.1', '127.0.0.1:*', '[::1]:*'], fallback: `http://localhost:${config.port}`, protocol: 'http' },
    basePath: '/api/auth',
    secret,
    telemetry: { enabled: false },
    // Better Auth's own messages go to our JSON log like everything else.
    logger: {
      level: 'warn',
      // The details go to the logger whole: its scrubber (logger.ts) drops query parameters,
      // tokens and the like, which an error's message alone would carry.
      log: (level, message, ...args) => {
        const fields = args.length ? { details: args } : {};
        if (level === 'error') deps.logger.error(fields, `[auth] ${message}`);
        else if (level === 'warn') deps.logger.warn(fields, `[auth] ${message}`);
        else deps.logger.info(fields, `[auth] ${message}`);
      },
    },
    database: drizzleAdapter(db, { provider: 'pg', schema: { ...schema } }),
    // Sign-up and profile changes go through our own routes, which validate with the spec's rules.
    disabledPaths: ['/sign-up/email', '/update-user', '/delete-user', '/sign-in/username', '/is-username-available', '/list-accounts', '/link-social', '/unlink-account'],
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await mail.enqueue(resetPasswordMail(user.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      // Sign-up verification, or (for an already verified user) the link that confirms a new address.
      sendVerificationEmail: async ({ user, url }) => {
        await mail.enqueue(user.emailVerified ? changeEmailMail(user.email, url) : verificationMail(user.email, url));
      },
      afterEmailVerification: async (user) => {
        // Ruling 27: an address in ADMIN_EMAILS (or the owner's) becomes admin once it is proven.
        await grantFromConfig(db, config.auth.adminEmails, { id: user.id, email: user.email, emailVerified: true });
        // A verified address works, whatever a relay said of it before (decision 049).
        await db.delete(schema.undeliverableAddresses).where(eq(schema.undeliverableAddresses.email, user.email.toLowerCase()));
        const spot = await claimFoundingSpot(db, user.id);
        // The landing banner shows the spots left live (ruling 6); ids and counts only.
        if (spot !== null) deps.events?.publish({ everyone: true }, { type: 'founding-count' });
      },
    },
    // The confirmation link goes to the new address; following it switches the account over.
    user: { changeEmail: { enabled: true } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 300, max: 5 },
        '/send-verification-email': { window: 300, max: 5 },
        '/reset-password': { window: 300, max: 10 },
        '/change-password': { window: 300, max: 10 },
        '/change-email': { window: 300, max: 5 },
        // Asks the password, like the change above: no faster guessing through it.
        '/two-factor/generate-backup-codes': { window: 300, max: 10 },
      },
    },
    advanced: {
      useSecureCookies: config.isProduction,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: 'reelmates',
    },
    plugins: [username({ minUsernameLength: 3, maxUsernameLength: USERNAME_PROFILE_MAX }), ...securityPlugins(deps), passkeys(config)],
    hooks: {
      // Ruling 3 on every path that sets a password, not just sign-up.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email') {
          const attempt = attemptOf(ctx);
          if (attempt.email) await signIns.check(attempt);
        }
        const perAccount = PER_ACCOUNT_LIMITS[ctx.path];
        if (perAccount) {
          // Per account, across instances: flooding one inbox with reset or verification mails
          // from many addresses stops here.
          const email = String(ctx.body?.email ?? '')
            .trim()
            .toLowerCase();
          const wait = email ? await hitDbLimit(db, `${ctx.path}:${email}`, perAccount.max, perAccount.windowMs) : 0;
          if (wait > 0) throw new APIError('TOO_MANY_REQUESTS', { message: perAccount.message, code: 'RATE_LIMITED' });
        }
        if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
          const problems = passwordProblems(String(ctx.body?.newPassword ?? ''));
          if (problems.length) throw new APIError('BAD_REQUEST', { message: problems[0], code: 'PASSWORD_POLICY' });
        }
      }),
      // Sign-in outcomes feed the per-account limits: a wrong password (401) counts, a session
      // made clears its address's failures and remembers the address.
      after: createAuthMiddleware(async (ctx) => {
        const newSession = ctx.context.newSession;
        if (ctx.path === '/sign-in/email') {
          const attempt = attemptOf(ctx);
          if (attempt.email) {
            const returned = ctx.context.returned;
            if (returned instanceof APIError && returned.statusCode === 401) await signIns.failed(attempt);
            else if (newSession) await signIns.succeeded(attempt, newSession.user.id);
          }
        }
        // ADMIN_EMAILS read at every sign-in, whatever its way (password or passkey), so an address
        // added to it later takes effect and both ways give the same role.
        if (newSession && SIGN_IN_PATHS.has(ctx.path)) await grantFromConfig(db, config.auth.adminEmails, newSession.user);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // Every user has a profile; the full name defaults to the username (spec 000 §5).
          after: async (user) => {
            await db.insert(schema.profiles).values({ id: user.id, fullName: user.name }).onConflictDoNothing();
          },
        },
      },
      session: {
        create: {
          // A banned user gets no session, whatever the path (sign-in, verification, reset).
          before: async (session) => {
            const [profile] = await db
              .select({ isBanned: schema.profiles.isBanned, banReason: schema.profiles.banReason })
              .from(schema.profiles)
              .where(eq(schema.profiles.id, session.userId));
            if (profile?.isBanned) {
              throw new APIError('FORBIDDEN', {
                message: bannedMessage(profile.banReason),
                code: 'ACCOUNT_BANNED',
              });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
