/**
 * Throughput of the built app against a bare node:http server on the same machine.
 *
 *   npm run bench                   8 s per target after a 3 s warm-up
 *   BENCH_SECONDS=20 npm run bench  longer runs, steadier numbers
 *   BENCH_ONLY=sse npm run bench    only the targets whose name contains the text (and the baseline)
 *   BENCH_SSE_STREAMS=1000 BENCH_SSE_STREAMS_PER_USER=5 BENCH_SSE_SAMPLES=300   the realtime target
 *
 * Both servers run as child processes on 127.0.0.1 (free ports, a fresh temporary DATA_DIR for the
 * app); autocannon drives them from this process. It reports and never fails on a missed goal:
 * exit 0 after a complete run, exit 1 when something crashed.
 *
 * To add a target, add an entry to TARGETS. A target that is not plain request throughput (an SSE
 * round trip, for example) supplies its own `measure`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error -- autocannon ships no type declarations; the part used here is typed below.
import autocannonUntyped from 'autocannon';
import { measureSseLatency } from './bench-sse';

interface Histogram {
  average: number;
  p99: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
}
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeout?: number;
}
const autocannon = autocannonUntyped as (options: AutocannonOptions) => Promise<AutocannonResult>;

const SECONDS = positiveNumber(process.env.BENCH_SECONDS, 8);
// A fresh server is still settling for a few seconds (JIT, the embedded database finishing its start).
const WARMUP_SECONDS = 3;
const CONNECTIONS = 50;
const HOST = '127.0.0.1';
/** What a browser sends; the app answers its static files precompressed when asked. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: '*/*' };

type ServerName = 'bare' | 'app';

interface Measurement {
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers: a fast target that fails is not fast. */
  failures: number;
}

interface Target {
  name: string;
  server: ServerName;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The goal, as a share of the bare server's requests per second. */
  minShareOfBare?: number;
  /** A latency goal for the 99th percentile, in milliseconds. */
  maxP99Ms?: number;
  /** Replaces the default autocannon run for targets measured another way. */
  measure?: (baseUrl: string, target: Target) => Promise<Measurement>;
}

/** The reference row; every ratio is taken against it. */
const BASELINE: Target = { name: 'bare node:http GET /', server: 'bare', path: '/' };

const TARGETS: Target[] = [
  BASELINE,
  { name: 'app GET /api/health', server: 'app', path: '/api/health', minShareOfBare: 0.5 },
  { name: 'app GET /', server: 'app', path: '/', minShareOfBare: 0.5 },
  // Cached after the warm-up's first request (the catalogue keeps the answer as JSON text).
  { name: 'app GET title details (cached)', server: 'app', path: '/api/catalogue/titles/movie/550', minShareOfBare: 0.3, maxP99Ms: 20 },
  // Realtime: its own app instance (TRUST_PROXY, so one machine may sign up many users), N open
  // event streams, then the time from a message POST to the event on every tab of the receiver.
  { name: 'app SSE message → event (1,000 streams)', server: 'app', path: '/api/events', maxP99Ms: 100, measure: measureSse },
  // Later: profile API.
];

async function measureSse(): Promise<Measurement> {
  const streams = positiveNumber(process.env.BENCH_SSE_STREAMS, 1000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-bench-sse-'));
  const app = await startChild('app', ['dist/server/index.js'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn', TRUST_PROXY: 'true' }, '/api/health', () =>
    fs.rmSync(dataDir, { recursive: true, force: true }),
  );
  try {
    const r = await measureSseLatency({
      baseUrl: app.url,
      streams,
      streamsPerUser: positiveNumber(process.env.BENCH_SSE_STREAMS_PER_USER, 5),
      samples: positiveNumber(process.env.BENCH_SSE_SAMPLES, 300),
      log: (line) => process.stdout.write(` ${line} ...`),
    });
    process.stdout.write(
      `\n    ${r.openStreams} open streams, ${r.samples} messages: p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms, max ${r.maxMs.toFixed(1)} ms, ${r.failures} failed\n   `,
    );
    return { requestsPerSecond: r.sendsPerSecond, p99Ms: r.p99Ms, failures: r.failures };
  } finally {
    await stopChild(app);
    children.splice(children.indexOf(app), 1);
  }
}

const BARE_SERVER_SOURCE = `
const http = require('node:http');
const body = JSON.stringify({ status: 'ok' });
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), process.env.HOST);
process.on('SIGTERM', () => process.exit(0));
`;

interface Child {
  name: ServerName;
  url: string;
  process: ChildProcess;
  output(): string;
  cleanup?: () => void;
}

const children: Child[] = [];

function positiveNumber(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`BENCH_SECONDS: expected a positive number of seconds (got "${raw}")`);
  return value;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startChild(name: ServerName, args: string[], env: Record<string, string>, readyPath: string, cleanup?: () => void): Promise<Child> {
  const port = await freePort();
  const url = `http://${HOST}:${port}`;
  let out = '';
  const proc = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (out += d));
  proc.stderr!.on('data', (d) => (out += d));
  const child: Child = { name, url, process: proc, output: () => out, cleanup };
  children.push(child);

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${name} server exited (${proc.exitCode ?? proc.signalCode}):\n${out}`);
    try {
      const res = await fetch(url + readyPath, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) return child;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`${name} server did not answer ${readyPath} within 30 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopChild(child: Child): Promise<void> {
  const proc = child.process;
  if (proc.exitCode === null && proc.signalCode === null) {
    const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  child.cleanup?.();
}

async function stopAll(): Promise<void> {
  await Promise.allSettled(children.splice(0).map(stopChild));
}

async function measureHttp(baseUrl: string, target: Target): Promise<Measurement> {
  const options: AutocannonOptions = {
    url: baseUrl + target.path,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: target.method ?? 'GET',
    headers: { ...BROWSER_HEADERS, ...target.headers },
    body: target.body,
    timeout: 10,
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS }); // warm-up: JIT, caches, pools; not counted
  const result = await autocannon(options);
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

function printTable(rows: { target: Target; m: Measurement }[], baseline: Measurement) {
  const header = ['target', 'req/s (mean)', 'p99 ms', 'vs bare', 'failures'];
  const lines = rows.map(({ target, m }) => [
    target.name,
    Math.round(m.requestsPerSecond).toLocaleString('en-US'),
    m.p99Ms.toFixed(1),
    `${((m.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(0)}%`,
    String(m.failures),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main() {
  if (!fs.existsSync('dist/server/index.js')) throw new Error('dist/server/index.js is missing: run `npm run build` first (npm run bench does).');
  console.log(`Reelmates bench: ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per target, Node ${process.version}, ${os.cpus().length} CPUs\n`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelmates-bench-'));
  const servers: Record<ServerName, Child> = {
    bare: await startChild('bare', ['-e', BARE_SERVER_SOURCE], {}, '/'),
    app: await startChild('app', ['dist/server/index.js'], { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, '/api/health', () =>
      fs.rmSync(dataDir, { recursive: true, force: true }),
    ),
  };

  const only = process.env.BENCH_ONLY?.toLowerCase();
  const rows: { target: Target; m: Measurement }[] = [];
  for (const target of TARGETS.filter((t) => !only || t === BASELINE || t.name.toLowerCase().includes(only))) {
    process.stdout.write(`  measuring ${target.name} ...`);
    const m = await (target.measure ?? measureHttp)(servers[target.server].url, target);
    rows.push({ target, m });
    process.stdout.write(` ${Math.round(m.requestsPerSecond)} req/s\n`);
  }
  await stopAll();

  const baseline = rows.find((r) => r.target === BASELINE)!.m;
  console.log('');
  printTable(rows, baseline);
  console.log('');
  for (const { target, m } of rows) {
    if (target.minShareOfBare === undefined && target.maxP99Ms !== undefined) {
      const ok = m.p99Ms <= target.maxP99Ms && m.failures === 0;
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${target.name.replace(/^app /, '')}: p99 ${m.p99Ms.toFixed(1)} ms, goal <= ${target.maxP99Ms} ms${m.failures ? `, ${m.failures} failed` : ''}`);
      continue;
    }
    if (target.minShareOfBare === undefined) continue;
    const share = m.requestsPerSecond / baseline.requestsPerSecond;
    const latencyOk = target.maxP99Ms === undefined || m.p99Ms <= target.maxP99Ms;
    const ok = share >= target.minShareOfBare && m.failures === 0 && latencyOk;
    const why = (m.failures ? `, ${m.failures} failed requests` : '') + (target.maxP99Ms !== undefined ? `; p99 ${m.p99Ms} ms, goal <= ${target.maxP99Ms} ms` : '');
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${target.name.replace(/^app /, '')} >= ${target.minShareOfBare * 100}% of bare (${(share * 100).toFixed(0)}%${why})`);
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the servers`);
    void stopAll().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  if (!interrupted) {
    console.error('\nbench crashed:', error instanceof Error ? error.message : error);
    for (const child of children) if (child.output().trim()) console.error(`--- ${child.name} server output ---\n${child.output()}`);
    await stopAll();
    process.exit(1);
  }
}
