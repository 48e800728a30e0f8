import nodemailer from 'nodemailer';
import { MailRefused, type MailTransport, type OutgoingMail } from './transport';

export interface SmtpPool {
  /** Connections open at once at most; further mails wait for a free one. */
  maxConnections: number;
  /** Mails over one connection before it is closed and a fresh one opened (and authenticated). */
  maxMessages: number;
}

export interface DkimKey {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The headers a DKIM signature covers: nodemailer's list (RFC 6376's recommendation, which has
 * List-Unsubscribe) plus List-Unsubscribe-Post, which RFC 8058 requires to be signed too, and
 * Auto-Submitted.
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'Auto-Submitted',
].join(':');

/**
 * SMTP through a pool of connections kept open between mails: each connection greets and
 * authenticates once, then carries up to `maxMessages` mails, instead of one connection (and one
 * AUTH) per mail. The pool's limits come from config; a `pool`, `maxConnections` or
 * `maxMessages` parameter in SMTP_URL's query wins over them (nodemailer reads the URL last).
 * The outbox's lanes wait on the pool: a mail is sent once a connection is free.
 */
export function createSmtpTransport(smtpUrl: string, pool: SmtpPool, dkim?: DkimKey): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: pool.maxConnections,
    maxMessages: pool.maxMessages,
    ...(dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
  });
  return {
    name: 'smtp',
    async send(mail: OutgoingMail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          messageId: mail.messageId,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          headers: mail.headers,
        });
      } catch (error) {
        throw refusalOf(error) ?? error;
      }
    },
    async close() {
      transporter.close();
    },
  };
}

/** The commands whose refusal is about this recipient or this message, not about us or the connection. */
const RECIPIENT_COMMANDS = new Set(['RCPT TO', 'DATA']);

/**
 * A relay's answer to our recipient or message, as a MailRefused (5xx permanent, 4xx temporary);
 * undefined for everything else: connection failures, AUTH (535 is our credentials' fault) and
 * MAIL FROM (our sender's), which are retried with the backoff and mark no address.
 */
export function refusalOf(error: unknown): MailRefused | undefined {
  const e = error as { responseCode?: unknown; command?: unknown; response?: unknown };
  if (typeof e?.responseCode !== 'number' || typeof e.command !== 'string' || !RECIPIENT_COMMANDS.has(e.command)) return undefined;
  if (e.responseCode < 400 || e.responseCode >= 600) return undefined;
  const response = typeof e.response === 'string' ? e.response : String(e.responseCode);
  return new MailRefused(response.slice(0, 500), e.responseCode >= 500);
}
