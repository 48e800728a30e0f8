import { z } from 'zod';

/** GET /api/meta: which offline defaults are in use, so the footer can say so ("Demo catalogue", "Dev mailbox"). */
export const metaSchema = z
  .object({
    offline: z.object({ database: z.boolean(), mail: z.boolean(), catalogue: z.boolean() }),
    devMailbox: z.boolean(),
  })
  .meta({ id: 'Meta' });
export type Meta = z.output<typeof metaSchema>;
