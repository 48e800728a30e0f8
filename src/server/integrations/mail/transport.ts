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

/**
 * The relay refused the recipient or the message (an answer to RCPT TO or DATA), as opposed to a
 * failure of the connection, of AUTH or of our sender address, which says nothing about the
 * recipient's address. `permanent`: a 5xx answer, which no retry will change.
 */
export class MailRefused extends Error {
  constructor(
    /** The relay's answer, such as `550 5.1.1 <x@example.com>: no such user`. */
    readonly response: string,
    readonly permanent: boolean,
  ) {
    super(response);
    this.name = 'MailRefused';
  }
}
