import { z } from 'zod';
import { text } from './text';

/** Block and mute (issue 20 parts 1 and 2, ruling 28). */

/** Block, unblock, mute and unmute share one counter: this many actions a user an hour, across instances. */
export const SAFETY_ACTIONS_PER_HOUR = 60;

export const SAFETY_TEXT = {
  /** Every interaction refused between a blocked pair, whichever of the two asks. */
  cannotInteract: "You can't interact with this user.",
  blockSelf: "You can't block yourself.",
  muteSelf: "You can't mute yourself.",
  userNotFound: 'Profile not found',
  tooFast: "You're blocking and muting too quickly. Please try again later.",
  /** The web's wording. */
  mutedPost: 'Post from a muted user',
  hiddenUser: 'Hidden user',
} as const;

export const safetyUserParams = z.object({ userId: text().min(1).max(64) });

/** PUT/DELETE /api/blocks/{userId}. */
export const blockStateSchema = z.object({ blocked: z.boolean() }).meta({ id: 'BlockState' });
export type BlockState = z.output<typeof blockStateSchema>;

/** PUT/DELETE /api/mutes/{userId}. */
export const muteStateSchema = z.object({ muted: z.boolean() }).meta({ id: 'MuteState' });
export type MuteState = z.output<typeof muteStateSchema>;

/** One row of my blocked or muted users, newest first. */
export const safetyListEntrySchema = z
  .object({
    id: z.string(),
    username: z.string(),
    fullName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    since: z.string(),
  })
  .meta({ id: 'SafetyListEntry' });
export type SafetyListEntry = z.output<typeof safetyListEntrySchema>;

export const safetyListSchema = z.object({ users: z.array(safetyListEntrySchema) }).meta({ id: 'SafetyList' });
export type SafetyList = z.output<typeof safetyListSchema>;

/** The most rows a list returns. */
export const SAFETY_LIST_LIMIT = 500;
