import { z } from 'zod';
import { text } from './text';

/** One mail of the outbox as the dev mailbox lists it (development only). */
export const devMailSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    status: z.enum(['pending', 'sent', 'failed']),
    createdAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DevMail' });
export type DevMail = z.output<typeof devMailSchema>;

export const devMailboxQuerySchema = z.object({ to: text().max(254).optional() });
export const devMailboxSchema = z.object({ mails: z.array(devMailSchema) });
export const devMailParamsSchema = z.object({ id: z.uuid() });
