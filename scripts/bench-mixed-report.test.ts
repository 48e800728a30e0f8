import { describe, expect, it } from 'vitest';
import { KindRecorder, type MixedResult, mixedLines, quantile } from './bench-mixed-report';

describe('mixed load report', () => {
  it('takes the nearest-rank quantile', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(quantile(hundred, 0.99)).toBe(99);
    expect(quantile(hundred, 0.5)).toBe(50);
    expect(quantile([7], 0.99)).toBe(7);
    expect(quantile([], 0.99)).toBe(0);
  });

  it('keeps each kind apart, counting 429s apart from errors', () => {
    const r = new KindRecorder();
    for (let i = 1; i <= 200; i++) r.record('profile', 200, i, false);
    r.record('follows', 200, 5, true);
    r.record('follows', 429, 3, true);
    r.record('follows', 500, 900, true);
    const [profile, follows] = r.figures(10);
    expect(profile).toEqual({ kind: 'profile', requests: 200, requestsPerSecond: 20, p99Ms: 198, errors: 0, rateLimited: 0, writes: 0 });
    expect(follows).toMatchObject({ kind: 'follows', requests: 3, errors: 1, rateLimited: 1, writes: 3, p99Ms: 900 });
  });

  it('passes only when the whole load and every kind are within the target', () => {
    const kind = { kind: 'profile' as const, requests: 10, requestsPerSecond: 1, p99Ms: 40, errors: 0, rateLimited: 0, writes: 0 };
    const base: MixedResult = { connections: 200, seconds: 60, requestsPerSecond: 817, p99Ms: 250, errors: 0, rateLimited: 3, writes: 700, kinds: [kind] };
    const lines = mixedLines(base);
    expect(lines[0]).toMatch(/^PASS {2}mixed signed-in load, 200 connections on PostgreSQL, 60 s: 817 req\/s, p99 250 ms, 0 errors .*3 answered 429/);
    expect(lines[1]).toMatch(/✓ profile .* p99 +40 ms {2}10 requests \(0 writes\), 0 errors, 0 × 429/);
    expect(mixedLines({ ...base, p99Ms: 630 })[0]).toMatch(/^FAIL/);
    expect(mixedLines({ ...base, errors: 1 })[0]).toMatch(/^FAIL/);
    const slowKind = mixedLines({ ...base, kinds: [{ ...kind, p99Ms: 400 }] });
    expect(slowKind[0]).toMatch(/^FAIL/);
    expect(slowKind[1]).toMatch(/✗ profile/);
    expect(mixedLines({ ...base, kinds: [{ ...kind, errors: 2 }] })[0]).toMatch(/^FAIL/);
  });
});
