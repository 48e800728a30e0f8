import type { ContactRequest } from '../../../shared/support';
import type { AppDeps } from '../../deps';
import { contactMessages } from '../../db/schema';
import { renderMail } from '../../integrations/mail';

/** Stores the message and queues its mail to the support address in one transaction. */
export async function submitContactMessage(deps: AppDeps, input: ContactRequest, userId: string | null) {
  return deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, userId })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    const mail = renderMail({
      to: deps.config.mail.supportEmail,
      subject: `[${input.type}] ${input.subject}`,
      heading: `${input.type} from ${input.name}`,
      paragraphs: [`From: ${input.name} <${input.email}>`, `Subject: ${input.subject}`, input.message],
      footer: `Message id ${row!.id}.`,
      // Answering the mail answers the visitor, not our own no-reply sender.
      replyTo: input.email,
    });
    await deps.mail.enqueue(mail, tx);
    return row!;
  });
}
