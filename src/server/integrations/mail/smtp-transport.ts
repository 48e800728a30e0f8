import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './transport';

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
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
