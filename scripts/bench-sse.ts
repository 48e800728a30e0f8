/**
 * The realtime bench target: with many open event streams on one instance, how long from a message
 * send (the POST leaving the client) to the event arriving on every open stream of the receiver.
 *
 * Users are created through the API (sign-up, then the verification link from the dev mailbox, which
 * signs in), so the server must trust X-Forwarded-For (TRUST_PROXY) to let one machine sign up many.
 * Streams are spread over the users (STREAMS_PER_USER tabs each). Sends are sequential, each from a
 * different user (the per-user limit is 30 a minute), to a user whose tabs are all open.
 */
import http from 'node:http';

export interface SseBenchOptions {
  baseUrl: string;
  streams: number;
  streamsPerUser: number;
  samples: number;
  log: (line: string) => void;
}

export interface SseBenchResult {
  samples: number;
  openStreams: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  sendsPerSecond: number;
  failures: number;
}

interface Event {
  type: string;
  from?: string;
  to?: string;
}

const PASSWORD = 'Bench-Pass-123!';

async function postJson(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
}

/** Signs up one user and follows the verification link; returns the session cookie and id. */
async function createUser(baseUrl: string, n: number): Promise<{ id: string; cookie: string }> {
  const tag = `${Date.now().toString(36)}${n}`;
  const email = `bench${tag}@example.com`;
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const res = await postJson(
    baseUrl,
    '/api/accounts/sign-up',
    { email, password: PASSWORD, username: `bench_${tag}`, fullName: `Bench ${n}`, acceptTerms: true, acceptPrivacy: true },
    { 'x-forwarded-for': ip },
  );
  if (res.status !== 201) throw new Error(`sign-up ${n}: ${res.status} ${await res.text()}`);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const box = (await (await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { mails: { text: string }[] };
    link = box.mails[0]?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  if (!link) throw new Error(`no verification mail for ${email}`);
  const url = new URL(link);
  const verified = await fetch(baseUrl + url.pathname + url.search, { redirect: 'manual', headers: { 'x-forwarded-for': ip } });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = (await (await fetch(`${baseUrl}/api/session`, { headers: { cookie } })).json()) as { user: { id: string } | null };
  if (!session.user) throw new Error(`verification of ${email} gave no session (${verified.status})`);
  return { id: session.user.id, cookie };
}

/** Opens one event stream with node:http (one socket each) and hands every event to `onEvent`. */
function openStream(baseUrl: string, cookie: string, onEvent: (e: Event) => void): Promise<http.ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/events`, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          for (const line of block.split('\n')) if (line.startsWith('data: ')) onEvent(JSON.parse(line.slice(6)) as Event);
        }
      });
      res.on('error', () => {});
      resolve(req);
    });
    req.on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function measureSseLatency(o: SseBenchOptions): Promise<SseBenchResult> {
  const userCount = Math.ceil(o.streams / o.streamsPerUser);
  o.log(`creating ${userCount} users through the API`);
  const users: { id: string; cookie: string }[] = [];
  for (let i = 0; i < userCount; i += 10) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(10, userCount - i) }, (_, k) => createUser(o.baseUrl, i + k + 1)))));
  }

  // Per receiver: the waiter of the message in flight (sequential sends, so at most one).
  const waiting = new Map<string, { from: string; left: number; done: () => void }>();
  const requests: http.ClientRequest[] = [];
  o.log(`opening ${o.streams} event streams`);
  for (let s = 0; s < o.streams; s += 50) {
    const batch = Array.from({ length: Math.min(50, o.streams - s) }, (_, k) => {
      const user = users[(s + k) % users.length]!;
      return openStream(o.baseUrl, user.cookie, (e) => {
        const w = waiting.get(user.id);
        if (e.type === 'message' && w && e.to === user.id && e.from === w.from && --w.left === 0) w.done();
      });
    });
    requests.push(...(await Promise.all(batch)));
  }
  const tabsOf = (id: string) => requests.filter((_, i) => users[i % users.length]!.id === id).length;

  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  for (let i = 0; i < o.samples; i++) {
    const sender = users[i % users.length]!;
    const receiver = users[(i + 1) % users.length]!;
    const arrived = new Promise<void>((resolve) => waiting.set(receiver.id, { from: sender.id, left: tabsOf(receiver.id), done: resolve }));
    const t0 = performance.now();
    const res = await postJson(o.baseUrl, `/api/messages/with/${receiver.id}`, { content: `bench message ${i}` }, { cookie: sender.cookie });
    if (res.status !== 201) {
      failures++;
      waiting.delete(receiver.id);
      continue;
    }
    const timeout = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 5_000).unref());
    if ((await Promise.race([arrived, timeout])) === 'timeout') failures++;
    else latencies.push(performance.now() - t0);
    waiting.delete(receiver.id);
  }
  const elapsed = (performance.now() - started) / 1000;
  for (const req of requests) req.destroy();
  latencies.sort((a, b) => a - b);
  return {
    samples: latencies.length,
    openStreams: requests.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies[latencies.length - 1] ?? 0,
    sendsPerSecond: latencies.length / elapsed,
    failures,
  };
}
