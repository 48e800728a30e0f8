import { z } from 'zod';
import type { NotifyEvent } from './notifications';
import { NOTIFY_SETTINGS, type NotifySettingKey } from './settings';

/**
 * The kinds of notification mail a one-click unsubscribe link turns off (RFC 8058; decision 049):
 * one per notification preference. Transactional mails (verification, reset, e-mail change,
 * security and billing notices) have no link.
 */
export const MAIL_KINDS = ['follow', 'favorite', 'message', 'match', 'forum'] as const satisfies readonly NotifyEvent[];
export type MailKind = (typeof MAIL_KINDS)[number];

/** The preference column each kind of mail belongs to. */
export const MAIL_KIND_SETTING: Record<MailKind, NotifySettingKey> = {
  follow: 'notifyOnFollow',
  favorite: 'notifyOnFavorite',
  message: 'notifyOnMessage',
  match: 'notifyOnMatch',
  forum: 'notifyOnForum',
};

export const mailKindLabel = (kind: MailKind) => NOTIFY_SETTINGS.find((s) => s.key === MAIL_KIND_SETTING[kind])!;

/** An unsubscribe link's token: its user and kind, and their signature. Letters, digits, `-`, `_` and `.` only. */
export const unsubscribeParamsSchema = z.object({
  token: z
    .string()
    .min(20)
    .max(300)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Not an unsubscribe link.'),
});

export const unsubscribeViewSchema = z
  .object({
    kind: z.enum(MAIL_KINDS),
    /** The setting's name in Settings, such as "New followers". */
    label: z.string(),
    description: z.string(),
    /** Whether mails of this kind are on now. */
    mailOn: z.boolean(),
  })
  .meta({ id: 'UnsubscribeView' });
export type UnsubscribeView = z.infer<typeof unsubscribeViewSchema>;

/** Whether mail reaches the signed-in user's address (Settings' notice). */
export const emailDeliverySchema = z
  .object({
    email: z.string(),
    /** Null while mail is delivered; otherwise when and why the relay refused the address. */
    undeliverable: z.object({ reason: z.string(), since: z.string() }).nullable(),
  })
  .meta({ id: 'EmailDelivery' });
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

export const UNDELIVERABLE_NOTICE = 'We could not deliver mail to this address: change it or try again';
