import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_KINDS, type MailKind } from '../../../shared/mail';

/**
 * One-click unsubscribe tokens (decision 049): `<user id, base64url>.<kind>.<signature>`, the
 * signature an HMAC-SHA256 of the user and kind under a key derived from the auth secret (so it
 * is not the key that signs sessions). A token names one user and one kind of notification mail
 * and can do nothing else; it does not expire, as a mail's link must keep working.
 */
const PURPOSE = 'reelmates one-click unsubscribe v1';

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).digest();
}

function signatureOf(secret: string, userId: string, kind: MailKind): string {
  return createHmac('sha256', keyOf(secret)).update(`${userId}\n${kind}`).digest('base64url');
}

export function unsubscribeToken(secret: string, userId: string, kind: MailKind): string {
  return `${Buffer.from(userId).toString('base64url')}.${kind}.${signatureOf(secret, userId, kind)}`;
}

/** The user and kind a token names, or null when it is malformed or not signed by us. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: MailKind } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [encodedUser, kind, signature] = parts as [string, string, string];
  if (!(MAIL_KINDS as readonly string[]).includes(kind)) return null;
  const userId = Buffer.from(encodedUser, 'base64url').toString('utf8');
  if (!userId || Buffer.from(userId).toString('base64url') !== encodedUser) return null;
  const expected = Buffer.from(signatureOf(secret, userId, kind as MailKind));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as MailKind };
}
