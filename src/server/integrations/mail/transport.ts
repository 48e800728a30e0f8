export interface OutgoingMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  createdAt: Date;
}

/** One way of delivering a mail. The outbox calls it; a thrown error means "try again later". */
export interface MailTransport {
  readonly name: 'smtp' | 'dev-mailbox';
  send(mail: OutgoingMail): Promise<void>;
  close?(): Promise<void>;
}
