import type { Context } from 'hono';
import type { AppDeps } from '../../deps';
import type { AppEnv } from '../../http/context';
import { errorResponse } from '../../http/errors';
import { clientIp } from '../../http/rate-limit';
import { CLIENT_IP_HEADER } from './auth';
import { bannedMessage } from './moderation';
import { bannedSession } from './session';

/**
 * Passes /api/auth/* to Better Auth. The client address it rate-limits by is the one we trust
 * (the socket, or X-Forwarded-For only with TRUST_PROXY), and its errors are rewritten into our
 * one error shape.
 *
 * A banned user's leftover session is refused here, before Better Auth, on every one of its
 * routes (Better Auth knows nothing of bans: get-session, change-password and the rest would
 * serve it), and the browser is told to drop the cookie.
 */
export function authHandler(deps: AppDeps) {
  return async (c: Context<AppEnv>) => {
    const banned = await bannedSession(deps, c.req.raw.headers);
    if (banned) {
      const secure = banned.cookieName.startsWith('__Secure-') ? '; Secure' : '';
      c.header('Set-Cookie', `${banned.cookieName}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`);
      c.header('Cache-Control', 'no-store');
      return errorResponse(c, 403, 'account_banned', bannedMessage(banned.reason));
    }
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, deps.config));
    const request = new Request(c.req.raw, { headers });
    const response = await deps.auth.handler(request);
    if (response.status < 400) return response;
    let body: { code?: string; message?: string } = {};
    try {
      body = (await response.clone().json()) as typeof body;
    } catch {
      /* not JSON */
    }
    const code = (body.code ?? (response.status === 429 ? 'RATE_LIMITED' : 'ERROR')).toLowerCase();
    const message = response.status === 429 && !body.message ? 'Too many attempts. Please wait a moment and try again.' : (body.message ?? 'Request failed.');
    const retry = response.headers.get('x-retry-after');
    if (retry) c.header('Retry-After', retry);
    for (const cookie of response.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    // A passkey the plugin could not verify is answered 500 by it; our hook has named it (passkeys/plugin.ts).
    const status = code === 'passkey_not_verified' ? 400 : response.status;
    return errorResponse(c, status as 400, code, message);
  };
}
