import { z } from 'zod';

/** Founding-member spots (product rule 6). */
export const foundingStatsSchema = z
  .object({
    /** Verified accounts that took a founding spot. */
    count: z.number().int().nonnegative(),
    limit: z.number().int().positive(),
    remaining: z.number().int().nonnegative(),
  })
  .meta({ id: 'FoundingStats' });
export type FoundingStats = z.output<typeof foundingStatsSchema>;
