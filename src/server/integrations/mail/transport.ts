export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo: string | null;
  headers: Record<string, string>;
  createdAt: Date;
  /** `<row id@sender's domain>`: the same on every attempt at one outbox row, so a duplicate can be recognised. */
  messageId: string;
}

/** One way of delivering a mail. The outbox calls it; a thrown error means "try again later". */
export interface MailTransport {
  readonly name: 'smtp' | 'dev-mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close?(): Promise<void>;
}
