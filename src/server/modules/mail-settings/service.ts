import { eq, inArray, sql } from 'drizzle-orm';
import { type EmailDelivery, MAIL_KIND_SETTING, type MailKind, mailKindLabel, type UnsubscribeView } from '../../../shared/mail';
import type { Config } from '../../config';
import { batchedRead } from '../../db/batch';
import { profiles, undeliverableAddresses, user } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { errors } from '../../http/errors';
import { renderMail } from '../../integrations/mail';
import { resolveAuthSecret } from '../accounts/secret';
import { readUnsubscribeToken, unsubscribeToken } from './tokens';

const secrets = new WeakMap<Config, string>();
function secretOf(config: Config): string {
  let secret = secrets.get(config);
  if (!secret) secrets.set(config, (secret = resolveAuthSecret(config)));
  return secret;
}

/** The base of links in mails: APP_URL, or this machine offline. */
export const mailLinkBase = (config: Config) => config.appUrl ?? `http://localhost:${config.port}`;

/** A notification mail's one-click unsubscribe link: the page a GET shows, and the address an RFC 8058 POST goes to. */
export function unsubscribeUrl(config: Config, userId: string, kind: MailKind): string {
  return new URL(`/unsubscribe/${unsubscribeToken(secretOf(config), userId, kind)}`, mailLinkBase(config)).toString();
}

const NOT_A_LINK = 'This unsubscribe link is not valid. You can change which e-mails you get in Settings.';

const COLUMNS = {
  notifyOnFollow: profiles.notifyOnFollow,
  notifyOnFavorite: profiles.notifyOnFavorite,
  notifyOnMessage: profiles.notifyOnMessage,
  notifyOnMatch: profiles.notifyOnMatch,
  notifyOnForum: profiles.notifyOnForum,
} as const;

function viewOf(kind: MailKind, pref: string): UnsubscribeView {
  const { label, description } = mailKindLabel(kind);
  return { kind, label, description, mailOn: pref === 'email' || pref === 'both' };
}

function readToken(deps: AppDeps, token: string) {
  const read = readUnsubscribeToken(secretOf(deps.config), token);
  if (!read) throw errors.notFound(NOT_A_LINK);
  return read;
}

/** GET: what the link would turn off, and whether it is on now. Changes nothing. */
export async function unsubscribeView(deps: AppDeps, token: string): Promise<UnsubscribeView> {
  const { userId, kind } = readToken(deps, token);
  const [row] = await deps.database.db.select({ pref: COLUMNS[MAIL_KIND_SETTING[kind]] }).from(profiles).where(eq(profiles.id, userId));
  if (!row) throw errors.notFound(NOT_A_LINK);
  return viewOf(kind, row.pref);
}

/**
 * POST: the link's kind of mail off for its user, nothing else. The notifications themselves stay
 * in the list (`email` and `both` become `popup`); `none` and `popup` stay as they are. Idempotent.
 */
export async function unsubscribe(deps: AppDeps, token: string): Promise<UnsubscribeView> {
  const { userId, kind } = readToken(deps, token);
  const key = MAIL_KIND_SETTING[kind];
  const column = COLUMNS[key];
  const [row] = await deps.database.db
    .update(profiles)
    .set({ [key]: sql`case when ${column} in ('email', 'both') then 'popup' else ${column} end`, updatedAt: new Date() })
    .where(eq(profiles.id, userId))
    .returning({ pref: column });
  if (!row) throw errors.notFound(NOT_A_LINK);
  deps.logger.info({ userId, kind }, 'notification mail turned off by an unsubscribe link');
  return viewOf(kind, row.pref);
}

/** Whether the relay refused the user's current address. */
/** The addresses and their marks of the members asking in one event-loop turn, in one statement (decision 022). */
const loadDelivery = batchedRead<string, { email: string; reason: string | null; since: Date | null } | null>(
  async (db, ids) => {
    const rows = await db
      .select({ id: user.id, email: user.email, reason: undeliverableAddresses.reason, since: undeliverableAddresses.markedAt })
      .from(user)
      .leftJoin(undeliverableAddresses, eq(undeliverableAddresses.email, sql`lower(${user.email})`))
      .where(inArray(user.id, ids));
    return new Map(rows.map((r) => [r.id, r]));
  },
  () => null,
);

export async function emailDelivery(deps: AppDeps, userId: string): Promise<EmailDelivery> {
  const row = await loadDelivery(deps.database.db, userId);
  if (!row) throw errors.unauthorized();
  return { email: row.email, undeliverable: row.reason && row.since ? { reason: row.reason, since: row.since.toISOString() } : null };
}

/**
 * "Try again": the mark goes, so notification mails resume, and a mail goes to the address at once.
 * Should the relay refuse it again, the outbox marks the address again.
 */
export async function retryEmailDelivery(deps: AppDeps, userId: string): Promise<EmailDelivery> {
  const { db } = deps.database;
  const email = await db.transaction(async (tx) => {
    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!account) throw errors.unauthorized();
    const removed = await tx.delete(undeliverableAddresses).where(eq(undeliverableAddresses.email, account.email.toLowerCase())).returning({ email: undeliverableAddresses.email });
    if (removed.length > 0) await deps.mail.enqueue(deliveryCheckMail(account.email, new URL('/settings', mailLinkBase(deps.config)).toString()), tx);
    return account.email;
  });
  return { email, undeliverable: null };
}

/** Transactional: the user asked for it, so it is sent whatever the address's mark. */
export const deliveryCheckMail = (to: string, settingsUrl: string) =>
  renderMail({
    to,
    subject: 'Mail reaches you again at Reelmates',
    heading: 'Mail reaches you again',
    paragraphs: ['Mail to this address could not be delivered before, and you asked us to try again. This mail arrived, so notification e-mails are back on as your settings say.'],
    action: { label: 'Open Settings', url: settingsUrl },
  });
