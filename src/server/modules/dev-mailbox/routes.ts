import type { Context } from 'hono';
import { devMailboxApi } from '../../../shared/api/dev-mailbox';
import type { Config } from '../../config';
import type { AppDeps } from '../../deps';
import { isLoopback } from '../../http/client-address';
import { errors } from '../../http/errors';
import { sendAnswer } from '../../http/public-answers';
import { socketAddress } from '../../http/rate-limit';
import { routeTable } from '../accounts/guards';
import { listKey, mailHtml, mailList } from './reads';

export const LOCAL_ONLY_MESSAGE = 'The dev mailbox answers only requests from this machine. Set DEV_MAILBOX_REMOTE=true to open it to the network.';

/**
 * The mailbox holds sign-up and password-reset links, so whoever reads it can take over any
 * account: it answers loopback clients only, unless DEV_MAILBOX_REMOTE opens it. The address is
 * the socket's (a client can write X-Forwarded-For, so it never lets anyone in), and a request
 * that came through a proxy on this machine passes only when every address the proxies
 * recorded is loopback too. Every handler of the table calls this first.
 */
export function isLocalRequest(config: Pick<Config, 'mail'>, c: Context): boolean {
  if (config.mail.devMailboxRemote) return true;
  const forwarded = c.req.header('x-forwarded-for');
  return isLoopback(socketAddress(c)) && (forwarded === undefined || forwarded.split(',').every((entry) => isLoopback(entry)));
}

function assertLocal(config: Pick<Config, 'mail'>, c: Context) {
  if (!isLocalRequest(config, c)) throw errors.forbidden(LOCAL_ONLY_MESSAGE);
}

/** The handlers of src/shared/api/dev-mailbox.ts; mounted only when the dev mailbox is on and NODE_ENV is not production. */
export function devMailboxRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const { config } = deps;
  return routeTable(deps, devMailboxApi, {
    list: async (c) => {
      assertLocal(config, c);
      return sendAnswer(c, await mailList(db, listKey(c.req.valid('query').to)));
    },
    html: async (c) => {
      assertLocal(config, c);
      const stored = await mailHtml(db, c.req.valid('param').id);
      if (stored === null) throw errors.notFound('No such mail.');
      // Links open in a new tab; the sandbox keeps the mail's markup from running anything.
      const html = stored.replace(/<head>|<html>/i, (m) => `${m}<base target="_blank">`);
      c.header(
        'Content-Security-Policy',
        "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'",
      );
      c.header('X-Frame-Options', 'SAMEORIGIN');
      return c.body(html.includes('<base') ? html : `<base target="_blank">${html}`, 200, { 'Content-Type': 'text/html; charset=UTF-8' });
    },
  });
}
