import { describe, expect, it } from 'vitest';
import { chosenTargets, combineRounds, type Measurement, type ReportTarget, tableLines, targetsToMeasure, verdictLines } from './bench-report';

// The shapes of bench.ts's TARGETS: small answers against the bare server's small JSON, title
// details against the bare server sending the same bytes, latency-only targets.
const BASELINE: ReportTarget = { name: 'bare node:http GET /', server: 'bare' };
const SAME_BYTES: ReportTarget = { name: 'bare node:http, same bytes as details', server: 'bare' };
const TARGETS: ReportTarget[] = [
  BASELINE,
  { name: 'app GET /api/health', server: 'app', minShareOfBare: 0.5 },
  { name: 'app GET /', server: 'app', minShareOfBare: 0.5 },
  SAME_BYTES,
  { name: 'app GET title details (cached)', server: 'app', minShareOfBare: 0.3, maxP99Ms: 20, baseline: SAME_BYTES },
  { name: 'app SSE message → event (1,000 streams)', server: 'app', maxP99Ms: 100, once: true },
  { name: 'app-pg GET /api/profiles/{id} (500 favorites, 2,000 followers)', server: 'app-pg', maxP99Ms: 20 },
  { name: 'app-pg GET /api/profiles/{id} as a guest', server: 'app-pg' },
  { name: 'app-pg outbox: 1,000 mails to the dev mailbox', server: 'app-pg', minPerSecond: 200, unit: 'mails', once: true },
];

/** The report of a run of BENCH_ONLY=only, with made-up measurements. */
function report(only: string | undefined) {
  const targets = targetsToMeasure(TARGETS, chosenTargets(TARGETS, only), BASELINE);
  const rounds = new Map<ReportTarget, Measurement[]>(
    targets.map((t, i) => [
      t,
      [
        { requestsPerSecond: 1000 * (i + 1), p99Ms: 5, failures: 0 },
        { requestsPerSecond: 1000 * (i + 2), p99Ms: 7, failures: 0 },
      ],
    ]),
  );
  const rows = combineRounds(targets, rounds);
  return { targets: targets.map((t) => t.name), table: tableLines(rows, BASELINE), verdicts: verdictLines(rows, BASELINE) };
}

describe('bench report', () => {
  it.each(['title details', 'TITLE DETAILS', 'health', 'sse', 'profiles', 'outbox', 'bare', undefined])('reports every chosen target of BENCH_ONLY=%s without crashing', (only) => {
    const { targets, table, verdicts } = report(only);
    const chosen = chosenTargets(TARGETS, only);
    expect(chosen.length).toBeGreaterThan(0);
    for (const t of chosen) {
      expect(targets).toContain(t.name);
      expect(table.some((line) => line.startsWith(t.name))).toBe(true);
      if (t.minShareOfBare !== undefined || t.maxP99Ms !== undefined || t.minPerSecond !== undefined)
        expect(verdicts.some((line) => line.includes(t.name.replace(/^app /, '')))).toBe(true);
    }
  });

  it('measures the outbox alone, in mails/s against its own goal', () => {
    const { targets, table, verdicts } = report('outbox');
    expect(targets).toEqual(['app-pg outbox: 1,000 mails to the dev mailbox']);
    expect(table[2]).toMatch(/^app-pg outbox: 1,000 mails to the dev mailbox \(mails\/s\)\s+1,500\s+0$/);
    expect(verdicts).toEqual(['PASS  app-pg outbox: 1,000 mails to the dev mailbox: 1,500 mails/s, goal >= 200 mails/s']);
    const slow = new Map([[TARGETS.at(-1)!, [{ requestsPerSecond: 150, p99Ms: 0, failures: 3 }]]]);
    expect(verdictLines(combineRounds([TARGETS.at(-1)!], slow), BASELINE)).toEqual([
      'FAIL  app-pg outbox: 1,000 mails to the dev mailbox: 150 mails/s, goal >= 200 mails/s, 3 not delivered',
    ]);
  });

  it('measures title details against the same bytes only, and says so', () => {
    const { targets, verdicts } = report('title details');
    expect(targets).toEqual([SAME_BYTES.name, 'app GET title details (cached)']);
    // Rounds of 2000 and 3000 req/s against 1000 and 2000: 167%.
    expect(verdicts).toEqual(['PASS  GET title details (cached) >= 30% of "bare node:http, same bytes as details" (167%; p99 7 ms, goal <= 20 ms (bare: 7 ms))']);
  });

  it('also compares title details with the small bare answer when that row was measured', () => {
    expect(report(undefined).verdicts.find((l) => l.includes('title details'))).toContain('% of "bare node:http GET /"');
  });

  it('combines rounds: mean req/s, worst p99, summed failures', () => {
    const t: ReportTarget = { name: 'x', server: 'app' };
    const [row] = combineRounds(
      [t],
      new Map([
        [
          t,
          [
            { requestsPerSecond: 10, p99Ms: 3, failures: 1 },
            { requestsPerSecond: 20, p99Ms: 9, failures: 2 },
          ],
        ],
      ]),
    );
    expect(row!.m).toEqual({ requestsPerSecond: 15, p99Ms: 9, failures: 3 });
  });
});
