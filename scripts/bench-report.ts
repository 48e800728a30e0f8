/**
 * Which targets a bench run measures and what it says about them: the table and the PASS/FAIL
 * lines. Kept apart from bench.ts (which starts servers and drives autocannon) so it can be tested.
 */

export interface Measurement {
  requestsPerSecond: number;
  p99Ms: number;
  /** Connection errors, timeouts and non-2xx answers: a fast target that fails is not fast. */
  failures: number;
  /** app-pg only: CPU time per request of the server process and of its PostgreSQL backends. */
  cpu?: string;
}

/** What the report needs of a target (bench.ts's Target has more). */
export interface ReportTarget {
  name: string;
  server: string;
  /** The goal, as a share of the bare server's requests per second. */
  minShareOfBare?: number;
  /** The row the share is taken against; the default baseline when not given. */
  baseline?: ReportTarget;
  /** A latency goal for the 99th percentile, in milliseconds. */
  maxP99Ms?: number;
  /** Measured in the first round only (slow targets that are not throughput). */
  once?: boolean;
  /**
   * A goal in items per second of its own (the outbox's mails/s), compared with nothing else: such
   * a target has no baseline row and no latency.
   */
  minPerSecond?: number;
  /** What minPerSecond counts, for the verdict ("mails"). */
  unit?: string;
}

export interface Row<T extends ReportTarget> {
  target: T;
  m: Measurement;
}

/** BENCH_ONLY: the targets whose name contains the text (case-insensitive); all without it. */
export function chosenTargets<T extends ReportTarget>(all: T[], only: string | undefined): T[] {
  const text = only?.toLowerCase();
  return all.filter((t) => !text || t.name.toLowerCase().includes(text));
}

/** The targets to measure, in TARGETS order: those chosen, and the rows they are compared with. */
export function targetsToMeasure<T extends ReportTarget>(all: T[], chosen: T[], defaultBaseline: T): T[] {
  return all.filter((t) => chosen.includes(t) || chosen.some((c) => c.minPerSecond === undefined && (c.baseline ?? defaultBaseline) === t));
}

/** One row per target from its rounds: req/s is the mean, p99 the worst round's, failures the sum. */
export function combineRounds<T extends ReportTarget>(targets: T[], rounds: Map<T, Measurement[]>): Row<T>[] {
  return targets.map((target) => {
    const ms = rounds.get(target)!;
    return {
      target,
      m: {
        requestsPerSecond: ms.reduce((sum, x) => sum + x.requestsPerSecond, 0) / ms.length,
        p99Ms: Math.max(...ms.map((x) => x.p99Ms)),
        failures: ms.reduce((sum, x) => sum + x.failures, 0),
      },
    };
  });
}

export function tableLines<T extends ReportTarget>(rows: Row<T>[], defaultBaseline: T): string[] {
  const baseline = (target: T) => rows.find((r) => r.target === (target.baseline ?? defaultBaseline))!.m;
  const header = ['target', 'req/s (mean)', 'p99 ms', 'vs bare', 'failures'];
  const lines = rows.map(({ target, m }) => {
    const own = target.minPerSecond !== undefined;
    return [
      own ? `${target.name} (${target.unit ?? 'items'}/s)` : target.name,
      Math.round(m.requestsPerSecond).toLocaleString('en-US'),
      own ? '' : m.p99Ms.toFixed(1),
      target.server === 'bare' || own ? '' : `${((m.requestsPerSecond / baseline(target).requestsPerSecond) * 100).toFixed(0)}%`,
      String(m.failures),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)];
}

/** A PASS or FAIL line for every target with a goal. */
export function verdictLines<T extends ReportTarget>(rows: Row<T>[], defaultBaseline: T): string[] {
  const baseline = (target: T) => rows.find((r) => r.target === (target.baseline ?? defaultBaseline))!.m;
  const out: string[] = [];
  for (const { target, m } of rows) {
    if (target.minPerSecond !== undefined) {
      const ok = m.requestsPerSecond >= target.minPerSecond && m.failures === 0;
      const unit = target.unit ?? 'items';
      const rate = `${Math.round(m.requestsPerSecond).toLocaleString('en-US')} ${unit}/s`;
      out.push(
        `${ok ? 'PASS' : 'FAIL'}  ${target.name.replace(/^app /, '')}: ${rate}, goal >= ${target.minPerSecond} ${unit}/s${m.failures ? `, ${m.failures} not delivered` : ''}`,
      );
      continue;
    }
    if (target.minShareOfBare === undefined && target.maxP99Ms !== undefined) {
      const ok = m.p99Ms <= target.maxP99Ms && m.failures === 0;
      // For request targets, the bare server's p99 in the same run says how much of a miss is the machine's.
      const bare = target.once ? '' : ` (bare: ${baseline(target).p99Ms} ms)`;
      out.push(
        `${ok ? 'PASS' : 'FAIL'}  ${target.name.replace(/^app /, '')}: p99 ${m.p99Ms.toFixed(1)} ms, goal <= ${target.maxP99Ms} ms${bare}${m.failures ? `, ${m.failures} failed` : ''}`,
      );
      continue;
    }
    if (target.minShareOfBare === undefined) continue;
    const share = m.requestsPerSecond / baseline(target).requestsPerSecond;
    const latencyOk = target.maxP99Ms === undefined || m.p99Ms <= target.maxP99Ms;
    const ok = share >= target.minShareOfBare && m.failures === 0 && latencyOk;
    // The bare server's p99 in the same run says how much of a latency miss is the machine's.
    const p99 = target.maxP99Ms !== undefined ? `; p99 ${m.p99Ms} ms, goal <= ${target.maxP99Ms} ms (bare: ${baseline(target).p99Ms} ms)` : '';
    const why = (m.failures ? `, ${m.failures} failed requests` : '') + p99;
    const of = target.baseline ? `"${target.baseline.name}"` : 'bare';
    // Also against the small bare answer, the only reference before the same-bytes row existed,
    // when it was measured (BENCH_ONLY='title details' measures only the same-bytes row).
    const small = rows.find((r) => r.target === defaultBaseline)?.m;
    const vsSmall = target.baseline && small ? `; ${((m.requestsPerSecond / small.requestsPerSecond) * 100).toFixed(0)}% of "${defaultBaseline.name}"` : '';
    out.push(`${ok ? 'PASS' : 'FAIL'}  ${target.name.replace(/^app /, '')} >= ${target.minShareOfBare * 100}% of ${of} (${(share * 100).toFixed(0)}%${vsSmall}${why})`);
  }
  return out;
}
