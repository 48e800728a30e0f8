import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './transport';

export interface SmtpPool {
  /** Connections open at once at most; further mails wait for a free one. */
  maxConnections: number;
  /** Mails over one connection before it is closed and a fresh one opened (and authenticated). */
  maxMessages: number;
}

/**
 * SMTP through a pool of connections kept open between mails: each connection greets and
 * authenticates once, then carries up to `maxMessages` mails, instead of one connection (and one
 * AUTH) per mail. The pool's limits come from config; a `pool`, `maxConnections` or
 * `maxMessages` parameter in SMTP_URL's query wins over them (nodemailer reads the URL last).
 * The outbox's lanes wait on the pool: a mail is sent once a connection is free.
 */
export function createSmtpTransport(smtpUrl: string, pool: SmtpPool): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: pool.maxConnections, maxMessages: pool.maxMessages });
  return {
    name: 'smtp',
    async send(mail: OutgoingMail) {
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
    },
    async close() {
      transporter.close();
    },
  };
}
