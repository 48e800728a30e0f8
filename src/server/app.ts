import { bodyLimit } from 'hono/body-limit';
import { AVATAR_MAX_BYTES } from '../shared/settings';
import type { AppDeps } from './deps';
import { errorResponse, handleError } from './http/errors';
import { nulGuard } from './http/nul-guard';
import { createRouter, publishApiDocument } from './http/openapi';
import { requestLog } from './http/request-log';
import { sameOriginGuard } from './http/security';
import { authHandler } from './modules/accounts/auth-handler';
import { ownAccountRoutes } from './modules/accounts/account-routes';
import { adminRoutes } from './modules/admin/routes';
import { accountRoutes } from './modules/accounts/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { mailSettingsRoutes } from './modules/mail-settings/routes';
import { dataExportRoutes } from './modules/data-export/routes';
import { safetyRoutes } from './modules/safety/routes';
import { securityRoutes } from './modules/security/routes';
import { passkeysRoutes } from './modules/passkeys/routes';
import { sessionsRoutes } from './modules/sessions/routes';
import { devMailboxRoutes } from './modules/dev-mailbox/routes';
import { billingRoutes } from './modules/billing/routes';
import { forumRoutes } from './modules/forums/routes';
import { healthRoutes } from './modules/health/routes';
import { listRoutes } from './modules/lists/routes';
import { importRoutes } from './modules/imports/routes';
import { IMPORT_MAX_BYTES, importMessages } from '../shared/imports';
import { matchRoutes } from './modules/matches/routes';
import { messageRoutes } from './modules/messages/routes';
import { metaRoutes } from './modules/meta/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { profileRoutes } from './modules/profiles/routes';
import { realtimeRoutes } from './modules/realtime/routes';
import { settingsRoutes } from './modules/settings/routes';
import { socialRoutes } from './modules/social/routes';
import { supportRoutes } from './modules/support/routes';
import { titleRoutes } from './modules/titles/routes';

/** Room for the multipart boundary and part headers around an avatar. */
const AVATAR_MULTIPART_OVERHEAD = 64 * 1024;

/** Backslashes and control characters, as sent or percent-encoded: never part of one of our paths. */
const UNSAFE_IN_PATH = /[\\\p{Cc}]|%(?:5c|[01][0-9a-f]|7f)/iu;
const CONTROL = /\p{Cc}/u;

/**
 * Where a request for a path with doubled slashes is sent: the path exactly as it came (never
 * decoded, so an encoded backslash or CR/LF stays inert) with every run of slashes made one, so
 * it starts with a single slash and stays on our origin. undefined: no doubled slashes; null: a
 * path with doubled slashes and a backslash or control character, which is refused rather than
 * redirected (browsers read a backslash as a slash, so /\/evil.example would leave the site).
 */
export function collapsedLocation(url: string): string | null | undefined {
  const start = url.indexOf('/', url.indexOf(':') + 3);
  if (start === -1) return undefined;
  const q = url.indexOf('?', start);
  const rawPath = q === -1 ? url.slice(start) : url.slice(start, q);
  if (!rawPath.includes('//')) return undefined;
  if (UNSAFE_IN_PATH.test(rawPath) || (q !== -1 && CONTROL.test(url.slice(q)))) return null;
  return rawPath.replace(/\/{2,}/g, '/') + (q === -1 ? '' : url.slice(q));
}

/** The API. The built web app is served in front of it by http/server.ts. */
export function createApp(deps: AppDeps) {
  const { config } = deps;
  const app = createRouter();

  app.use('*', requestLog(deps.logger));
  // A request that ended or changed someone's session (its own connection heard the access signal
  // of its commit) is answered once every instance has heard it too (decision 013). GETs change
  // no access and pass straight through.
  app.use('*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const access = deps.database.access;
    const before = access.ownSignals;
    return next().then(() => (access.ownSignals === before ? undefined : access.barrier()));
  });
  app.use('*', (c, next) => {
    // Doubled slashes are collapsed by a redirect, so /a//b and /a/b are one page. (Not async:
    // every other request passes straight through without a promise of its own.)
    if (c.req.method === 'GET' || c.req.method === 'HEAD') {
      const location = collapsedLocation(c.req.url);
      if (location === null) return Promise.resolve(errorResponse(c, 400, 'bad_request', 'The address is not valid.'));
      if (location !== undefined) return Promise.resolve(c.redirect(location, 301));
    }
    return next();
  });
  app.use('/api/*', sameOriginGuard(config.appUrl, ['/api/unsubscribe/']));
  const limitBody = bodyLimit({
    maxSize: config.bodyLimitBytes,
    onError: (c) => errorResponse(c, 413, 'payload_too_large', 'The request body is too large.'),
  });
  // The avatar upload may carry a 2 MB image plus the multipart envelope; the image's own size is
  // checked again after parsing (ruling 10).
  const limitAvatar = bodyLimit({
    maxSize: Math.max(config.bodyLimitBytes, AVATAR_MAX_BYTES + AVATAR_MULTIPART_OVERHEAD),
    onError: (c) => errorResponse(c, 413, 'payload_too_large', 'The image must be 2 MB or smaller.'),
  });
  // Only requests that carry a body: looking for one makes Node build a full Request object,
  // which costs more than the rest of a GET.
  // An export file to import may be 10 MB (decision 053); the route checks the file's own size again.
  const limitImport = bodyLimit({
    maxSize: Math.max(config.bodyLimitBytes, IMPORT_MAX_BYTES + AVATAR_MULTIPART_OVERHEAD),
    onError: (c) => errorResponse(c, 413, 'payload_too_large', importMessages.tooLarge),
  });
  app.use('/api/*', (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (c.req.path === '/api/me/imports') return limitImport(c, next);
    return c.req.path === '/api/me/avatar' ? limitAvatar(c, next) : limitBody(c, next);
  });
  // After the body limit, so that the guard reads at most what the limit lets through.
  app.use('/api/*', nulGuard());

  const api = createRouter();
  api.route('/', healthRoutes(deps));
  api.route('/', metaRoutes(deps));
  api.route('/', supportRoutes(deps));
  api.route('/', accountRoutes(deps));
  api.route('/', profileRoutes(deps));
  api.route('/', ownAccountRoutes(deps));
  api.route('/', settingsRoutes(deps));
  api.route('/', mailSettingsRoutes(deps));
  api.route('/', dataExportRoutes(deps));
  api.route('/', titleRoutes(deps));
  api.route('/', listRoutes(deps));
  api.route('/', importRoutes(deps));
  api.route('/', matchRoutes(deps));
  api.route('/', dashboardRoutes(deps));
  api.route('/', sessionsRoutes(deps));
  api.route('/', securityRoutes(deps));
  api.route('/', passkeysRoutes(deps));
  api.route('/', notificationRoutes(deps));
  api.route('/', messageRoutes(deps));
  api.route('/', realtimeRoutes(deps));
  api.route('/', socialRoutes(deps));
  api.route('/', safetyRoutes(deps));
  api.route('/', forumRoutes(deps));
  api.route('/', billingRoutes(deps));
  api.route('/', adminRoutes(deps));
  api.on(['GET', 'POST'], '/auth/*', authHandler(deps));
  if (config.mail.devMailboxEnabled && !config.isProduction) api.route('/', devMailboxRoutes(deps));
  publishApiDocument(api);
  api.all('*', (c) => errorResponse(c, 404, 'not_found', `No API route ${c.req.method} ${c.req.path}.`));
  app.route('/api', api);
  // RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click` to the link of the mail's
  // List-Unsubscribe header, the address whose GET shows the confirm page of the web app. The POST
  // is the API route's (POST /api/unsubscribe/{token}): same validation, limit and answer.
  app.post('/unsubscribe/:token', (c) => {
    const target = new URL(`/api/unsubscribe/${encodeURIComponent(c.req.param('token'))}`, c.req.url);
    // The form body (List-Unsubscribe=One-Click) says nothing the path does not: it is not passed on.
    const headers = new Headers(c.req.raw.headers);
    headers.delete('content-length');
    headers.delete('content-type');
    return app.fetch(new Request(target, { method: 'POST', headers }), c.env);
  });

  app.notFound((c) => errorResponse(c, 404, 'not_found', 'Not found.'));
  app.onError(handleError);
  return app;
}
