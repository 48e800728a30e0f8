/**
 * The mixed signed-in load (issue 19, item 5; issue 27): 200 connections on PostgreSQL, each one
 * member at a time going through a pass of reads and writes: the signed-in reads every page makes,
 * a profile, a title's details, the matches, a favorite added and removed, a follow and unfollow,
 * a message sent and the conversation read. Per kind: req/s, p99, errors and 429s.
 *
 * Follows (60 actions an hour a member), messages (30 a minute a member) and list writes (120 a minute
 * a member) have limits that a 60-member data set would meet within seconds at full speed: those
 * writes are paced, each member's own, to stay under them for the whole run, and the passes beyond
 * that pace read the same thing instead (the follow lists, the conversation, the member's lists), so
 * the load keeps its shape and the 429 count stays a real finding.
 */
import { KindRecorder, type MixedKind, type MixedResult } from './bench-mixed-report';
import { BENCH_HEADERS } from './bench-routes';
import type { Member, RouteBenchDeps, RouteBenchOptions, Seeded } from './bench-routes-run';

/** The signed-in reads each page makes (the table). */
const SIGNED_IN_READS = [
  '/api/session',
  '/api/me/lists',
  '/api/notifications?limit=20',
  '/api/notifications/unread-count',
  '/api/messages/conversations',
  '/api/messages/unread-count',
];
/** Follow actions a member may spend in the run (FOLLOWS_PER_HOUR is 60; the seed used 6). */
const FOLLOW_PAIRS_PER_MEMBER = 24;
/** Messages a member may send a minute (MESSAGE_RATE_LIMIT is 30). */
const MESSAGES_PER_MEMBER_MINUTE = 25;
/** Favorites a member may add and remove again a minute: two list writes each (the lists' limit is 120 a minute). */
const FAVORITE_PAIRS_PER_MEMBER_MINUTE = 50;

interface Pass {
  member: Member;
  index: number;
  /** Which of its member's concurrent connections this is: picks a title and a person apart from the others. */
  rank: number;
  followWrites?: boolean;
  favoriteWrites?: boolean;
  /** Whether the request this connection has in flight writes (one at a time: no pipelining). */
  inFlightWrites?: boolean;
}
interface Built {
  method: string;
  path: string;
  body?: unknown;
  write: boolean;
}
interface Step {
  kind: MixedKind;
  build(pass: Pass): Built;
}

/** Spends a budget evenly over the run: `allow()` says whether one more may go now. */
function pacer(total: number, seconds: number) {
  const started = performance.now();
  let spent = 0;
  return {
    allow() {
      const due = (total * (performance.now() - started)) / (seconds * 1000);
      if (spent >= Math.min(total, due)) return false;
      spent++;
      return true;
    },
  };
}

/** A pacer for each member, made at its first use: a shared budget let the members whose passes ran faster spend past their limit. */
function perMember(total: number, seconds: number) {
  const pacers = new Map<number, ReturnType<typeof pacer>>();
  return (p: Pass) => {
    let own = pacers.get(p.index);
    if (!own) pacers.set(p.index, (own = pacer(total, seconds)));
    return own.allow();
  };
}

function steps(data: Seeded, options: RouteBenchOptions): Step[] {
  const count = data.members.length;
  const seconds = options.mixedSeconds;
  const follows = perMember(FOLLOW_PAIRS_PER_MEMBER, seconds);
  const messages = perMember((MESSAGES_PER_MEMBER_MINUTE * seconds) / 60, seconds);
  const favorites = perMember((FAVORITE_PAIRS_PER_MEMBER_MINUTE * seconds) / 60, seconds);
  const myLists = { method: 'GET', path: '/api/me/lists', write: false };
  const read = (path: string): Step => ({ kind: 'signed-in reads', build: () => ({ method: 'GET', path, write: false }) });
  const movieOf = (p: Pass) => data.spareMovieIds[p.rank % data.spareMovieIds.length]!;
  // Ten places on: the seed has each member follow the next five and the viewer.
  const followed = (p: Pass) => data.members[(p.index + 10 + (p.rank % 4)) % count]!;
  const peer = (p: Pass) => data.members[(p.index + 1) % count]!;
  return [
    ...SIGNED_IN_READS.map(read),
    { kind: 'profile', build: () => ({ method: 'GET', path: `/api/profiles/${data.samples.memberId}`, write: false }) },
    ...SIGNED_IN_READS.map(read),
    { kind: 'details', build: () => ({ method: 'GET', path: `/api/catalogue/titles/movie/${data.samples.movieId}`, write: false }) },
    { kind: 'matches', build: () => ({ method: 'GET', path: '/api/me/matches', write: false }) },
    {
      kind: 'favorites',
      build: (p) => {
        p.favoriteWrites = favorites(p);
        return p.favoriteWrites ? { method: 'POST', path: '/api/me/favorites', body: { mediaType: 'movie', mediaId: movieOf(p), rating: 4 }, write: true } : myLists;
      },
    },
    { kind: 'favorites', build: (p) => (p.favoriteWrites ? { method: 'DELETE', path: `/api/me/favorites/movie/${movieOf(p)}`, write: true } : myLists) },
    {
      kind: 'follows',
      build: (p) => {
        p.followWrites = follows(p);
        const path = `/api/follows/${followed(p).id}`;
        return p.followWrites ? { method: 'POST', path, write: true } : { method: 'GET', path, write: false };
      },
    },
    { kind: 'follows', build: (p) => ({ method: p.followWrites ? 'DELETE' : 'GET', path: `/api/follows/${followed(p).id}`, write: !!p.followWrites }) },
    {
      kind: 'messages',
      build: (p) =>
        messages(p)
          ? { method: 'POST', path: `/api/messages/with/${peer(p).id}`, body: { content: `Bench message from ${p.member.username}` }, write: true }
          : { method: 'GET', path: `/api/messages/with/${peer(p).id}`, write: false },
    },
    { kind: 'messages', build: (p) => ({ method: 'GET', path: `/api/messages/with/${peer(p).id}`, write: false }) },
    ...SIGNED_IN_READS.map(read),
  ];
}

/** Runs the load and gives the figures, overall and per kind. */
export async function measureMixed(deps: RouteBenchDeps, options: RouteBenchOptions, baseUrl: string, data: Seeded): Promise<MixedResult> {
  const recorder = new KindRecorder();
  let nextPass = 0;
  // autocannon clears a connection's context when it starts its sequence again: each pass takes
  // the next member, so the passes in flight at once belong to different (member, rank) pairs.
  const passOf = (context: { pass?: Pass }): Pass => {
    if (!context.pass) {
      const i = nextPass++;
      context.pass = { member: data.members[i % data.members.length]!, index: i % data.members.length, rank: Math.floor(i / data.members.length) };
    }
    return context.pass;
  };
  // Which request an answer belongs to: autocannon calls the request's onResponse and then emits
  // `response` (with the time) for the same answer, synchronously, one after the other.
  let answered: { kind: MixedKind; write: boolean } | undefined;
  const requests = steps(data, options).map((step) => ({
    method: 'GET',
    path: '/',
    setupRequest: (req: { headers?: Record<string, string> }, context: { pass?: Pass }) => {
      const pass = passOf(context);
      const built = step.build(pass);
      pass.inFlightWrites = built.write;
      const headers: Record<string, string> = { ...req.headers, ...BENCH_HEADERS, cookie: pass.member.cookie };
      if (built.body !== undefined) headers['content-type'] = 'application/json';
      return { ...req, method: built.method, path: built.path, headers, body: built.body === undefined ? undefined : JSON.stringify(built.body) };
    },
    onResponse: (_status: number, _body: string, context: { pass?: Pass }) => {
      answered = { kind: step.kind, write: context.pass?.inFlightWrites ?? false };
    },
  }));
  const run = deps.autocannon({ url: baseUrl, connections: options.mixedConnections, duration: options.mixedSeconds, requests, timeout: 10 });
  run.on?.('response', (_client, status, _bytes, ms) => {
    if (answered) recorder.record(answered.kind, status, ms, answered.write);
    answered = undefined;
  });
  const r = await run;
  const kinds = recorder.figures(r.duration);
  const stats = r.statusCodeStats ?? {};
  const count = (pred: (code: number) => boolean) =>
    Object.entries(stats)
      .filter(([code]) => pred(Number(code)))
      .reduce((sum, [, s]) => sum + Number(s.count), 0);
  return {
    connections: options.mixedConnections,
    seconds: options.mixedSeconds,
    requestsPerSecond: r.requests.total / Math.max(r.duration, 0.001),
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts + count((c) => c >= 300 && c !== 429),
    rateLimited: count((c) => c === 429),
    writes: kinds.reduce((sum, k) => sum + k.writes, 0),
    kinds,
  };
}
