import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from './transport';

/** A file being written: hidden, and not ending in `.eml`, so no reader of the mailbox takes it for a mail. */
export function isMailboxTempFile(name: string): boolean {
  return name.startsWith('.') && name.endsWith('.tmp');
}

/** A temp file this old was left by a process that died mid-write: no live writer takes this long. */
const STALE_TEMP_MS = 10 * 60 * 1000;

/**
 * The offline default: each mail becomes a real RFC 822 .eml file under DATA_DIR/mailbox, and the
 * outbox row (marked sent through this transport) is what /dev/mailbox lists.
 *
 * A mail is written whole to a temp file in the same directory, then renamed to its `.eml` name,
 * which is atomic: a reader sees no file or the complete mail, never a half-written one, even when
 * the process is killed mid-write. The name comes from the outbox row, so a second delivery of the
 * same row (after a sender died between writing and marking it sent) replaces the first with the
 * same bytes and the same Message-ID instead of adding a copy.
 */
export function createDevMailboxTransport(mailboxDir: string): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<void> | undefined;
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
        messageId: mail.messageId,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        headers: mail.headers,
      });
      await (ready ??= prepareMailbox(mailboxDir).catch((error: unknown) => {
        ready = undefined;
        throw error;
      }));
      const stamp = mail.createdAt.toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${mail.id}.eml`;
      await writeAtomically(path.join(mailboxDir, name), path.join(mailboxDir, `.${name}.${randomBytes(6).toString('hex')}.tmp`), info.message as Buffer);
    },
  };
}

async function writeAtomically(file: string, temp: string, data: Buffer) {
  try {
    await fs.writeFile(temp, data, { flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      // The mailbox was removed while we run (a developer emptying it): make it again.
      await fs.mkdir(path.dirname(temp), { recursive: true });
      await fs.writeFile(temp, data, { flag: 'wx' });
    });
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** Creates the mailbox and removes temp files left behind by a process that died while writing. */
async function prepareMailbox(dir: string) {
  await fs.mkdir(dir, { recursive: true });
  const now = Date.now();
  for (const name of await fs.readdir(dir)) {
    if (!isMailboxTempFile(name)) continue;
    const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
    if (stat && now - stat.mtimeMs > STALE_TEMP_MS) await fs.rm(path.join(dir, name), { force: true });
  }
}
