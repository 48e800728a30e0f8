import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './transport';

/**
 * The offline default: each mail becomes a real RFC 822 .eml file under DATA_DIR/mailbox, and the
 * outbox row (marked sent through this transport) is what /dev/mailbox lists.
 */
export function createDevMailboxTransport(mailboxDir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    name: 'dev-mailbox',
    async send(mail: OutgoingMail) {
      const info = await builder.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        date: mail.createdAt,
        messageId: `<${mail.id}@reelmates>`,
      });
      await fs.mkdir(mailboxDir, { recursive: true });
      const stamp = mail.createdAt.toISOString().replace(/[:.]/g, '-');
      const file = path.join(mailboxDir, `${stamp}-${mail.id}.eml`);
      await fs.writeFile(file, info.message as Buffer);
    },
  };
}
