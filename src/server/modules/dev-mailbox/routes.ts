import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { mailOutbox } from '../../db/schema';
import { errors } from '../../http/errors';
import { createRouter, errorSchemaRef } from '../../http/openapi';
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
  summary: 'Development only: every mail the app sent, newest first',
  request: { query: z.object({ to: text().max(254).optional() }) },
  responses: { 200: { description: 'Mails', content: { 'application/json': { schema: z.object({ mails: z.array(mailSchema) }) } } } },
});

const mailHtml = createRoute({
  method: 'get',
  path: '/dev/mailbox/{id}/html',
  summary: 'Development only: the HTML part of one mail, sandboxed for an iframe',
  request: { params: z.object({ id: z.uuid() }) },
  responses: { 200: { description: 'HTML document' }, 404: errorSchemaRef },
});

/** Mounted only when the dev mailbox is on and NODE_ENV is not production. */
export function devMailboxRoutes({ database }: AppDeps) {
  const { db } = database;
  return createRouter()
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
