import { z } from 'zod';
import type { SocialLinks } from './profiles';
import { text } from './text';

/** The six social links of a profile (spec 000 §3), in the order they are shown. */
export const SOCIAL_LINK_KEYS = ['instagramUrl', 'facebookUrl', 'youtubeUrl', 'tiktokUrl', 'twitterUrl', 'linkedinUrl'] as const satisfies readonly (keyof SocialLinks)[];
export type SocialLinkKey = (typeof SOCIAL_LINK_KEYS)[number];

export const SOCIAL_LINK_LABELS: Record<SocialLinkKey, string> = {
  instagramUrl: 'Instagram',
  facebookUrl: 'Facebook',
  youtubeUrl: 'YouTube',
  tiktokUrl: 'TikTok',
  twitterUrl: 'X (Twitter)',
  linkedinUrl: 'LinkedIn',
};

export const SOCIAL_LINK_MAX = 500;
export const SOCIAL_LINK_PROTOCOL_MESSAGE = 'Only http:// and https:// links are allowed.';
export const SOCIAL_LINK_INVALID_MESSAGE = 'Please enter a valid link.';

// A scheme such as "javascript:" or "https:"; "instagram.com:8080/x" (a port) is not one.
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/** "instagram.com/x" → "https://instagram.com/x"; a link with its own scheme is left as it is. */
export function withScheme(value: string): string {
  const v = value.trim();
  if (!v) return v;
  if (v.startsWith('//')) return `https:${v}`;
  return SCHEME.test(v) ? v : `https://${v}`;
}

/**
 * Ruling 11: only http(s) links are stored or rendered. Returns the normalised link, null for an
 * empty one, or an error message. Used by the editor, the server and the profile header.
 */
export function normaliseSocialLink(raw: string | null | undefined): { ok: true; value: string | null } | { ok: false; message: string } {
  const trimmed = (raw ?? '').trim();
  if (!trimmed) return { ok: true, value: null };
  if (trimmed.length > SOCIAL_LINK_MAX) return { ok: false, message: `Links must be at most ${SOCIAL_LINK_MAX} characters.` };
  const candidate = withScheme(trimmed);
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return { ok: false, message: SOCIAL_LINK_INVALID_MESSAGE };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: SOCIAL_LINK_PROTOCOL_MESSAGE };
  if (!url.hostname || !url.hostname.includes('.') || /\s/.test(candidate)) return { ok: false, message: SOCIAL_LINK_INVALID_MESSAGE };
  return { ok: true, value: candidate };
}

/** A stored link as the header renders it, or null when it must not be rendered. */
export function displayableLink(stored: string | null | undefined): string | null {
  const result = normaliseSocialLink(stored);
  return result.ok ? result.value : null;
}

const socialLinkField = text()
  .nullable()
  .optional()
  .transform((raw, ctx) => {
    const result = normaliseSocialLink(raw);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });

/** PUT /api/me/social-links: all six links; a missing or empty one is cleared (null). */
export const socialLinksBodySchema = z.strictObject({
  instagramUrl: socialLinkField,
  facebookUrl: socialLinkField,
  youtubeUrl: socialLinkField,
  tiktokUrl: socialLinkField,
  twitterUrl: socialLinkField,
  linkedinUrl: socialLinkField,
});
export type SocialLinksInput = z.input<typeof socialLinksBodySchema>;

export const REPORT_REASON_MAX = 1000;
export const REPORT_REASON_REQUIRED = 'Please provide a reason for the report.';
export const REPORT_LOGIN_REQUIRED = 'You must be logged in to report a user.';
export const REPORT_SELF = 'You cannot report yourself.';
export const REPORTS_PER_HOUR = 5;
export const REPORT_RATE_LIMITED = 'You have sent too many reports. Please try again later.';

export const reportBodySchema = z.strictObject({
  reason: text().trim().min(1, REPORT_REASON_REQUIRED).max(REPORT_REASON_MAX, `The reason must be at most ${REPORT_REASON_MAX} characters.`),
});

export const FOLLOW_SELF = 'You cannot follow yourself.';
/** Follow and unfollow actions per user an hour (counted across instances): enough for anyone, not for a flood. */
export const FOLLOWS_PER_HOUR = 60;
export const FOLLOW_RATE_LIMITED = "You're following and unfollowing too quickly. Please try again later.";

/** One row of a followers or following list. */
export const followListEntrySchema = z
  .object({
    id: z.string(),
    username: z.string(),
    fullName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    /** When the follow was made. */
    followedAt: z.string(),
  })
  .meta({ id: 'FollowListEntry' });
export type FollowListEntry = z.output<typeof followListEntrySchema>;

export const followListsSchema = z
  .object({ followers: z.array(followListEntrySchema), following: z.array(followListEntrySchema), followersCount: z.number().int(), followingCount: z.number().int() })
  .meta({ id: 'FollowLists' });
export type FollowLists = z.output<typeof followListsSchema>;

/** Whether the viewer follows a user, with the fresh counts after a change. */
export const followStateSchema = z.object({ following: z.boolean(), followersCount: z.number().int(), followingCount: z.number().int() }).meta({ id: 'FollowState' });
export type FollowState = z.output<typeof followStateSchema>;

/** GET /api/follows/{userId}?q=: the name filter. */
export const followListsQuerySchema = z.object({ q: text().trim().max(50).optional() });

/** POST /api/reports/{userId}: the stored open report. */
export const reportResultSchema = z.object({ id: z.string() }).meta({ id: 'ReportResult' });
export type ReportResult = z.output<typeof reportResultSchema>;

export const FOLLOW_LIST_LIMIT = 200;
