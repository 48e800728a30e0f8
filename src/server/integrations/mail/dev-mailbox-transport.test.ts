import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDevMailboxTransport, isMailboxTempFile } from './dev-mailbox-transport';
import { messageIdFor } from './outbox';
import type { OutgoingMail } from './transport';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function mailboxDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-mailbox-'));
  dirs.push(dir);
  return path.join(dir, 'mailbox');
}

const FROM = 'Reelmates <no-reply@reelmates.test>';
function outgoing(i: number, size = 200): OutgoingMail {
  const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
  const body = `Mail ${i} `.repeat(Math.ceil(size / 8));
  return {
    id,
    from: FROM,
    to: 'a@example.com',
    subject: `Mail ${i}`,
    html: `<p>${body}</p>`,
    text: body,
    replyTo: null,
    headers: {},
    createdAt: new Date('2025-06-14T10:00:00Z'),
    messageId: messageIdFor(id, FROM),
  };
}

describe('dev mailbox transport', () => {
  it("writes each mail as a complete .eml carrying the row's Message-ID, and leaves no temp file", async () => {
    const dir = mailboxDir();
    const transport = createDevMailboxTransport(dir);
    await transport.send(outgoing(1));
    const names = fs.readdirSync(dir);
    expect(names).toEqual(['2025-06-14T10-00-00-000Z-00000000-0000-4000-8000-000000000001.eml']);
    const eml = fs.readFileSync(path.join(dir, names[0]!), 'utf8');
    expect(eml).toContain('Message-ID: <00000000-0000-4000-8000-000000000001@reelmates.test>');
    expect(eml).toContain('Subject: Mail 1');
  });

  it('writes the Reply-To and the further headers the outbox row carries', async () => {
    const dir = mailboxDir();
    await createDevMailboxTransport(dir).send({ ...outgoing(2), replyTo: 'visitor@example.com', headers: { 'Auto-Submitted': 'auto-generated' } });
    const eml = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]!), 'utf8');
    expect(eml).toContain('Reply-To: visitor@example.com');
    expect(eml).toContain('Auto-Submitted: auto-generated');
  });

  it('a reader listing the mailbox while mails are written never sees a partial .eml', async () => {
    const dir = mailboxDir();
    const transport = createDevMailboxTransport(dir);
    await transport.send(outgoing(0)); // the directory exists before the reader starts
    const seen = new Map<string, Buffer[]>();
    let writing = true;
    const reader = (async () => {
      while (writing) {
        for (const name of fs.readdirSync(dir)) {
          if (!name.endsWith('.eml')) continue;
          const bytes = await fs.promises.readFile(path.join(dir, name)).catch(() => undefined);
          if (bytes) seen.set(name, [...(seen.get(name) ?? []), bytes]);
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    // Mails of a few MB: a plain write goes out in 512 KB pieces with the event loop turning in
    // between, and the file exists from its open, so the reader would see it empty or cut.
    for (let i = 1; i <= 6; i++) await transport.send(outgoing(i, 3_000_000));
    writing = false;
    await reader;

    expect(seen.size).toBeGreaterThanOrEqual(3); // the reader did run while mails were being written
    for (const [name, snapshots] of seen) {
      const final = fs.readFileSync(path.join(dir, name));
      for (const snapshot of snapshots) expect(snapshot.equals(final), `${name}: ${snapshot.length} of ${final.length} bytes`).toBe(true);
    }
    expect(fs.readdirSync(dir).filter(isMailboxTempFile)).toEqual([]);
  });

  it('a second delivery of the same row replaces its .eml instead of adding a copy', async () => {
    const dir = mailboxDir();
    const transport = createDevMailboxTransport(dir);
    await transport.send(outgoing(7));
    await transport.send(outgoing(7));
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });

  it('removes temp files a dead process left behind, and keeps those a live writer may still own', async () => {
    const dir = mailboxDir();
    fs.mkdirSync(dir, { recursive: true });
    const old = path.join(dir, '.2025-06-14T10-00-00-000Z-dead.eml.0a1b2c3d4e5f.tmp');
    const fresh = path.join(dir, '.2025-06-14T10-00-00-000Z-live.eml.0a1b2c3d4e60.tmp');
    fs.writeFileSync(old, 'From: half');
    fs.writeFileSync(fresh, 'From: half');
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    fs.utimesSync(old, hourAgo, hourAgo);
    await createDevMailboxTransport(dir).send(outgoing(2));
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    // Temp names are hidden and never end in .eml, so readers of *.eml (the e2e tests, mail clients) skip them.
    expect(isMailboxTempFile(path.basename(fresh))).toBe(true);
    expect(fresh.endsWith('.eml')).toBe(false);
  });

  it('makes the mailbox again when it was removed while the server runs', async () => {
    const dir = mailboxDir();
    const transport = createDevMailboxTransport(dir);
    await transport.send(outgoing(3));
    fs.rmSync(dir, { recursive: true });
    await transport.send(outgoing(4));
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });
});
