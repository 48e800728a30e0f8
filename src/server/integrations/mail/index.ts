import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { Logger } from '../../logger';
import { createDevMailboxTransport } from './dev-mailbox-transport';
import { MailOutbox, type OutboxTiming } from './outbox';
import { createSmtpTransport } from './smtp-transport';

export { AUTO_GENERATED, MailOutbox } from './outbox';
export { MailRefused } from './transport';
export type { MailContent } from './outbox';
export { renderMail } from './template';

export function createMailOutbox(config: Config, db: Database, logger: Logger, timing?: Partial<OutboxTiming>): MailOutbox {
  const transport = config.mail.smtpUrl
    ? createSmtpTransport(config.mail.smtpUrl, config.mail.smtpPool, config.mail.dkim)
    : config.mail.devMailboxEnabled
      ? createDevMailboxTransport(config.mail.mailboxDir)
      : null;
  return new MailOutbox({ db, transport, from: config.mail.from, logger, timing });
}
