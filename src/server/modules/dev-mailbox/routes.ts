import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { mailOutbox } from '../../db/schema';
import type { MiddlewareHandler } from 'hono';
import type { Config } from '../../config';
import { isLoopback } from '../../http/client-address';
import { errorResponse, errors } from '../../http/errors';
import { access, createRouter, errorSchemaRef } from '../../http/openapi';
import { socketAddress } from '../../http/rate-limit';
import { text } from '../../../shared/text';

const mailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['pending', 'sent']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

const listMail = createRoute({
  method: 'get',
  path: '/dev/mailbox',
  ...access.visitor,
  summary: 'Development only: every mail the app sent, newest first',
  request: { query: z.object({ to: text().max(254).optional() }) },
  responses: { 200: { description: 'Mails', content: { 'application/json': { schema: z.object({ mails: z.array(mailSchema) }) } } }, 403: errorSchemaRef },
});

const mailHtml = createRoute({
  method: 'get',
  path: '/dev/mailbox/{id}/html',
  ...access.visitor,
  summary: 'Development only: the HTML part of one mail, sandboxed for an iframe',
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 200: { description: 'HTML document' }, 403: errorSchemaRef, 404: errorSchemaRef },
});

export const LOCAL_ONLY_MESSAGE = 'The dev mailbox answers only requests from this machine. Set DEV_MAILBOX_REMOTE=true to open it to the network.';

/**
 * The mailbox holds sign-up and password-reset links, so whoever reads it can take over any
 * account: it answers loopback clients only, unless DEV_MAILBOX_REMOTE opens it. The address is
 * the socket's (a client can write X-Forwarded-For, so it never lets anyone in), and a request
 * that came through a proxy on this machine passes only when every address the proxies
 * recorded is loopback too.
 */
export function localOnly(config: Pick<Config, 'mail'>): MiddlewareHandler {
  return (c, next) => {
    if (config.mail.devMailboxRemote) return next();
    const forwarded = c.req.header('x-forwarded-for');
    const local = isLoopback(socketAddress(c)) && (forwarded === undefined || forwarded.split(',').every((entry) => isLoopback(entry)));
    return local ? next() : Promise.resolve(errorResponse(c, 403, 'forbidden', LOCAL_ONLY_MESSAGE));
  };
}

/** Mounted only when the dev mailbox is on and NODE_ENV is not production. */
export function devMailboxRoutes({ database, config }: AppDeps) {
  const { db } = database;
  const router = createRouter();
  router.use('/dev/mailbox', localOnly(config));
  router.use('/dev/mailbox/*', localOnly(config));
  return router
    .openapi(listMail, async (c) => {
      const { to } = c.req.valid('query');
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
        .orderBy(desc(mailOutbox.createdAt))
        .limit(200);
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          mails: rows.map((m) => ({
            id: m.id,
            to: m.to,
            subject: m.subject,
            text: m.text,
            status: m.status,
            createdAt: m.createdAt.toISOString(),
            sentAt: m.sentAt?.toISOString() ?? null,
          })),
        },
        200,
      );
    })
    .openapi(mailHtml, async (c) => {
      const [row] = await db.select({ html: mailOutbox.html }).from(mailOutbox).where(eq(mailOutbox.id, c.req.valid('param').id));
      if (!row) throw errors.notFound('No such mail.');
      // Links open in a new tab; the sandbox keeps the mail's markup from running anything.
      const html = row.html.replace(/<head>|<html>/i, (m) => `${m}<base target="_blank">`);
      c.header('Content-Security-Policy', "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'");
      c.header('X-Frame-Options', 'SAMEORIGIN');
      c.header('Cache-Control', 'no-store');
      return c.html(html.includes('<base') ? html : `<base target="_blank">${html}`);
    });
}
