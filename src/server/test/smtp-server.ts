import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One mail as the relay accepted it: the envelope, the raw message and its parsed parts. */
export interface ReceivedMail {
  /** The user the connection authenticated as. */
  user: string | undefined;
  connectionId: string;
  envelopeFrom: string | false;
  envelopeTo: string[];
  raw: string;
  /** Top-level headers, names lower-cased, folded lines joined. */
  headers: Map<string, string>;
  text: string | undefined;
  html: string | undefined;
}

export interface TestSmtpServer {
  /** An smtp:// URL with the credentials the server requires, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Connections opened so far (counted in onConnect), and how many are open now / were at most. */
  connections: { total: number; open: number; peak: number };
  /** Refuse the next `n` messages after their DATA with this answer (e.g. 451 for "try again later"). */
  refuseNext(n: number, code: number, message: string): void;
  /** Answer RCPT TO for this address with this code from now on (550: no such user), until `acceptRecipient`. */
  refuseRecipient(address: string, code: number, message: string): void;
  acceptRecipient(address: string): void;
  /** Authentication attempts refused. */
  refusedAuth: number;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port of 127.0.0.1 that requires AUTH (PLAIN or LOGIN) with the
 * given user and password, as hosted relays do. STARTTLS is off: the client and server share the
 * loopback, and a self-signed certificate would only test certificate checks.
 */
export async function startTestSmtpServer(credentials = { user: 'relay-user', pass: 'relay-pass' }): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const connections = { total: 0, open: 0, peak: 0 };
  let refusals: { left: number; code: number; message: string } = { left: 0, code: 0, message: '' };
  const state = { refusedAuth: 0 };
  const refusedRecipients = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections.total++;
      connections.open++;
      connections.peak = Math.max(connections.peak, connections.open);
      callback();
    },
    onClose() {
      connections.open--;
    },
    onAuth(auth, _session, callback) {
      if (auth.username !== credentials.user || auth.password !== credentials.pass) {
        state.refusedAuth++;
        return callback(new Error('Invalid username or password'));
      }
      callback(null, { user: auth.username });
    },
    onMailFrom(_address, session, callback) {
      // Belt and braces: smtp-server already refuses MAIL FROM before AUTH unless authOptional.
      if (!session.user) return callback(Object.assign(new Error('Authentication required'), { responseCode: 530 }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      const refusal = refusedRecipients.get(address.address.toLowerCase());
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals.left > 0) {
          refusals = { ...refusals, left: refusals.left - 1 };
          return callback(Object.assign(new Error(refusals.message), { responseCode: refusals.code }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          user: session.user as string | undefined,
          connectionId: session.id,
          envelopeFrom: session.envelope.mailFrom && session.envelope.mailFrom.address,
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMessage(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.pass)}@127.0.0.1:${port}`,
    received,
    connections,
    get refusedAuth() {
      return state.refusedAuth;
    },
    refuseRecipient(address, code, message) {
      refusedRecipients.set(address.toLowerCase(), { code, message });
    },
    acceptRecipient(address) {
      refusedRecipients.delete(address.toLowerCase());
    },
    refuseNext(n, code, message) {
      refusals = { left: n, code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'quoted-printable': {
      const bytes = Buffer.from(
        body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      );
      return bytes.toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Enough MIME for our mails: a single part, or multipart/alternative with a text and an HTML part. */
function parseMessage(raw: string): { headers: Map<string, string>; text: string | undefined; html: string | undefined } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const at = chunk.search(/\r?\n\r?\n/);
      const partHeaders = parseHeaders(chunk.slice(0, at).replace(/^\r?\n/, ''));
      const content = chunk
        .slice(at)
        .replace(/^\r?\n\r?\n/, '')
        .replace(/\r?\n$/, '');
      parts.push({ type: partHeaders.get('content-type') ?? 'text/plain', content: decodeBody(content, partHeaders.get('content-transfer-encoding')) });
    }
  } else {
    parts.push({ type: headers.get('content-type') ?? 'text/plain', content: decodeBody(body, headers.get('content-transfer-encoding')) });
  }
  return {
    headers,
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content,
    html: parts.find((p) => p.type.startsWith('text/html'))?.content,
  };
}
