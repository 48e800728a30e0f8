import { z } from 'zod';

/** GET /api/health: 200 when the database answers, 503 with status degraded when it does not. */
export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) }).meta({ id: 'Health' });
export type Health = z.output<typeof healthSchema>;
