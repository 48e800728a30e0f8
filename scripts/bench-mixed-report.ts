/**
 * The mixed signed-in load's figures and verdict (issue 19, item 5; issue 27): 200 connections on
 * PostgreSQL for 60 s of reads and writes, p99 <= 250 ms and no errors, overall and per kind.
 * Pure, so that the verdict is unit-tested; bench-mixed.ts measures.
 */

/** The target: p99 <= 250 ms and no errors, for the whole load and for every kind in it. */
export const MIXED_TARGET = { maxP99Ms: 250 };

/** The kinds of request in the load, in the order the report lists them. */
export const MIXED_KINDS = ['signed-in reads', 'profile', 'details', 'matches', 'favorites', 'follows', 'messages'] as const;
export type MixedKind = (typeof MIXED_KINDS)[number];

export interface KindFigures {
  kind: MixedKind;
  requests: number;
  requestsPerSecond: number;
  p99Ms: number;
  /** Answers other than 2xx and 429. */
  errors: number;
  /** 429s: a per-member limit answering as designed (list writes, follows, messages). */
  rateLimited: number;
  /** Of `requests`, the writes (the rest read). */
  writes: number;
}

export interface MixedResult {
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors, timeouts, and answers other than 2xx and 429. */
  errors: number;
  /** 429s, as in KindFigures. */
  rateLimited: number;
  writes: number;
  kinds: KindFigures[];
}

/** The value below which `q` of the sorted samples fall (nearest rank), 0 for none. */
export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Collects each answer's kind, status and time, and turns them into KindFigures. */
export class KindRecorder {
  private readonly samples = new Map<MixedKind, { times: number[]; errors: number; rateLimited: number; writes: number }>();

  record(kind: MixedKind, status: number, ms: number, write: boolean) {
    let s = this.samples.get(kind);
    if (!s) this.samples.set(kind, (s = { times: [], errors: 0, rateLimited: 0, writes: 0 }));
    s.times.push(ms);
    if (status === 429) s.rateLimited++;
    else if (status < 200 || status >= 300) s.errors++;
    if (write) s.writes++;
  }

  figures(seconds: number): KindFigures[] {
    return MIXED_KINDS.filter((kind) => this.samples.has(kind)).map((kind) => {
      const s = this.samples.get(kind)!;
      const sorted = [...s.times].sort((a, b) => a - b);
      return {
        kind,
        requests: sorted.length,
        requestsPerSecond: sorted.length / Math.max(seconds, 0.001),
        p99Ms: quantile(sorted, 0.99),
        errors: s.errors,
        rateLimited: s.rateLimited,
        writes: s.writes,
      };
    });
  }
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);
const passes = (f: { p99Ms: number; errors: number }) => f.p99Ms <= MIXED_TARGET.maxP99Ms && f.errors === 0;

/** The verdict line, then one line per kind. */
export function mixedLines(r: MixedResult): string[] {
  const ok = passes(r) && r.kinds.every(passes);
  return [
    `${ok ? 'PASS' : 'FAIL'}  mixed signed-in load, ${r.connections} connections on PostgreSQL, ${r.seconds} s: ${n(r.requestsPerSecond)} req/s, p99 ${ms(r.p99Ms)}, ` +
      `${n(r.errors)} errors (goal: p99 <= ${MIXED_TARGET.maxP99Ms} ms and 0 errors, overall and per kind); ${n(r.writes)} writes, ${n(r.rateLimited)} answered 429 by a per-member limit`,
    ...r.kinds.map(
      (k) =>
        `  ${passes(k) ? '✓' : '✗'} ${k.kind.padEnd(16)} ${`${n(k.requestsPerSecond)} req/s`.padStart(11)}  p99 ${ms(k.p99Ms).padStart(7)}  ${n(k.requests)} requests (${n(k.writes)} writes), ${n(k.errors)} errors, ${n(k.rateLimited)} × 429`,
    ),
  ];
}
